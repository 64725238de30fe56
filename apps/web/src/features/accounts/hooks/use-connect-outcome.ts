import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ConfirmedConnection, PendingConnectionChoices } from '@fanout/contracts';
import { ApiError } from '@/lib/api-client';
import { getPendingChoices, useConfirmPendingConnection } from '../api/confirm-pending-connection';
import {
  chooseCancelledOutcome,
  confirmingOutcome,
  confirmRefusedOutcome,
  connectedOutcome,
  connectOutcome,
  type ConnectOutcome,
} from '../connect-outcome';

const OUTCOME_PARAMS = ['pending', 'error', 'platform'];

/** A grant of several accounts (a Facebook user's Pages) waiting for the person to choose which to connect. */
export interface PendingChoice extends PendingConnectionChoices {
  id: string;
}

const connected = ({ connection, connections }: ConfirmedConnection) =>
  connectedOutcome(connections.length > 0 ? (connections as [typeof connection]) : [connection]);

/**
 * What came back from a platform's authorize page: the callback's refusal, or a pending grant, which is
 * confirmed once with this browser's session as the screen loads (the server connects it only for the
 * account that started it). A grant of several accounts is answered 409 `choose_accounts`: the screen then
 * lists them (`choice`) and connects those chosen. The address loses the outcome at once, so a reload neither
 * announces nor confirms it again.
 */
export function useConnectOutcome() {
  const [params, setParams] = useSearchParams();
  const confirm = useConfirmPendingConnection();
  const [choice, setChoice] = useState<PendingChoice | null>(null);
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
    const refused = (error: unknown) => setOutcome(confirmRefusedOutcome(platform, error));
    confirm.mutateAsync({ id: pending }).then(
      (answer) => setOutcome(connected(answer)),
      (error: unknown) => {
        if (!(error instanceof ApiError && error.code === 'choose_accounts')) return refused(error);
        getPendingChoices(pending).then((choices) => {
          setOutcome(null);
          setChoice({ id: pending, ...choices });
        }, refused);
      },
    );
  }, [params, setParams, confirm]);

  /** Connects the accounts chosen; a refusal is said as the first confirmation's would be. */
  async function connectChosen(accountIds: string[]) {
    if (!choice) return;
    try {
      setOutcome(connected(await confirm.mutateAsync({ id: choice.id, accountIds })));
    } catch (error) {
      setOutcome(confirmRefusedOutcome(choice.platform, error));
    }
    setChoice(null);
  }

  function cancelChoice() {
    if (choice) setOutcome(chooseCancelledOutcome(choice.platform));
    setChoice(null);
  }

  return {
    outcome,
    dismiss: () => setOutcome(null),
    choice,
    connectChosen,
    cancelChoice,
    connecting: confirm.isPending,
  };
}
