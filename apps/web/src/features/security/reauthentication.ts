import { createContext, useCallback, useContext } from 'react';
import { REAUTHENTICATION_REQUIRED } from '@fanout/contracts';
import { ApiError } from '@/lib/api-client';

/**
 * "Confirm it's you": the server refuses to add or remove a passkey, or to set up two-factor, on a session
 * that has not signed in or confirmed the password in the last few minutes (403 `reauthentication_required`).
 * The Security screen then asks for the password once and tries the action again by itself.
 */

/** Opens the "Confirm it's you" dialog; resolves true once the password is confirmed, false on Cancel. */
export type ConfirmIdentity = () => Promise<boolean>;

/** Provided by ReauthenticationProvider; without it, a refusal reaches the caller as it came. */
export const ReauthenticationContext = createContext<ConfirmIdentity | null>(null);

export function isReauthenticationRequired(err: unknown): boolean {
  return err instanceof ApiError && err.status === 403 && err.code === REAUTHENTICATION_REQUIRED;
}

/** The person closed "Confirm it's you": nothing was changed, and there is nothing to report. */
export class ReauthenticationCancelled extends Error {
  constructor() {
    super('Cancelled: the password was not confirmed');
    this.name = 'ReauthenticationCancelled';
  }
}

export function isReauthenticationCancelled(err: unknown): boolean {
  return err instanceof ReauthenticationCancelled;
}

/**
 * `action`, asking "Confirm it's you" when the server wants it, then running it once more. Rejects with
 * ReauthenticationCancelled when the person cancels, so callers can leave everything as it was.
 */
export function useReauthenticated<TVariables, TResult>(
  action: (variables: TVariables) => Promise<TResult>,
): (variables: TVariables) => Promise<TResult> {
  const confirmIdentity = useContext(ReauthenticationContext);
  return useCallback(
    async (variables: TVariables) => {
      try {
        return await action(variables);
      } catch (err) {
        if (!confirmIdentity || !isReauthenticationRequired(err)) throw err;
        if (!(await confirmIdentity())) throw new ReauthenticationCancelled();
        return action(variables);
      }
    },
    [action, confirmIdentity],
  );
}
