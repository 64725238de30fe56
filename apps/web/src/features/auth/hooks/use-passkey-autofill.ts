import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { browserSupportsWebAuthnAutofill, WebAuthnAbortService } from '@simplewebauthn/browser';
import type { PasskeyVerifyBody } from '../api/passkey-authenticate-verify';
import { requestPasskeyAssertion } from '../passkey-sign-in';

interface AutofillRun {
  /** stopped, or done: nothing it produces is used any more */
  over: boolean;
  /** the browser has been asked, so there is a ceremony to cancel */
  asked: boolean;
}

function stopRun(run: AutofillRun | null) {
  if (!run || run.over) return;
  run.over = true;
  if (run.asked) WebAuthnAbortService.cancelCeremony();
}

/**
 * Passkeys offered in the username field's autofill (conditional mediation), where the browser can.
 * Runs while mounted and `enabled`; `onPicked` gets the browser's answer once the person picks a passkey.
 * A cancelled or failed autofill stays quiet: the person did not ask for it. `stop` ends it (before
 * another ceremony starts), `restart` offers it again with a fresh challenge.
 */
export function usePasskeyAutofill(enabled: boolean, onPicked: (assertion: PasskeyVerifyBody) => void) {
  const [round, setRound] = useState(0);
  const current = useRef<AutofillRun | null>(null);
  const picked = useEffectEvent(onPicked);

  useEffect(() => {
    if (!enabled) return;
    const run: AutofillRun = { over: false, asked: false };
    current.current = run;
    void (async () => {
      try {
        if (!(await browserSupportsWebAuthnAutofill()) || run.over) return;
        const assertion = await requestPasskeyAssertion({
          useBrowserAutofill: true,
          shouldContinue: () => {
            if (run.over) return false;
            run.asked = true;
            return true;
          },
        });
        if (!assertion || run.over) return;
        run.over = true;
        picked(assertion);
      } catch {
        // Cancelled (another ceremony started, or the screen closed) or not possible here: nothing to say.
      }
    })();
    return () => stopRun(run);
  }, [enabled, round]);

  const stop = useCallback(() => stopRun(current.current), []);
  const restart = useCallback(() => setRound((r) => r + 1), []);
  return { stop, restart };
}
