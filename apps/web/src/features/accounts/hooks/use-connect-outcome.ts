import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useConfirmPendingConnection } from '../api/confirm-pending-connection';
import {
  confirmingOutcome,
  confirmRefusedOutcome,
  connectedOutcome,
  connectOutcome,
  type ConnectOutcome,
} from '../connect-outcome';

const OUTCOME_PARAMS = ['pending', 'error', 'platform'];

/**
 * What came back from a platform's authorize page: the callback's refusal, or a pending grant, which is
 * confirmed once with this browser's session as the screen loads (the server connects it only for the
 * account that started it). The address loses the outcome at once, so a reload neither announces nor
 * confirms it again.
 */
export function useConnectOutcome() {
  const [params, setParams] = useSearchParams();
  const confirm = useConfirmPendingConnection();
  const [outcome, setOutcome] = useState<ConnectOutcome | null>(() => {
    const pending = params.get('pending');
    return pending ? confirmingOutcome(params.get('platform')) : connectOutcome(params);
  });
  // React's development double effects (StrictMode) must not confirm twice: the second would be refused.
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const pending = params.get('pending');
    const platform = params.get('platform');
    if (OUTCOME_PARAMS.some((name) => params.has(name))) setParams({}, { replace: true });
    if (!pending) return;
    confirm.mutateAsync(pending).then(
      ({ connection }) => setOutcome(connectedOutcome(connection)),
      (error: unknown) => setOutcome(confirmRefusedOutcome(platform, error)),
    );
  }, [params, setParams, confirm]);

  return { outcome, dismiss: () => setOutcome(null) };
}
