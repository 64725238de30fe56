import {
  CONNECT_ERROR_CODES,
  PLATFORMS,
  type Connection,
  type ConnectErrorCode,
  type PlatformKey,
} from '@fanout/contracts';
import { ApiError } from '@/lib/api-client';

export const platformLabel = (key: string) => PLATFORMS.find((p) => p.key === key)?.label ?? key;

const ERROR_TEXT: Record<ConnectErrorCode, (label: string) => string> = {
  access_denied: (label) => `${label} was not connected: the authorization was declined. Nothing was changed.`,
  invalid_state: (label) =>
    `${label} was not connected: the sign-in came back expired, already used or from another window. Start again with Connect.`,
  exchange_failed: (label) =>
    `${label} was not connected: ${label} did not complete the sign-in. Nothing was stored; try Connect again.`,
  platform_unavailable: (label) => `${label} cannot be connected on this server right now.`,
  account_unusable: (label) =>
    `${label} was not connected: that account cannot publish here (for Facebook, it needs a Page it manages).`,
  wrong_account: (label) =>
    `${label} was not connected: this connection was started by another Fanout account, not the one you are ` +
    `signed in to. Nothing was stored. If someone sent you the link, they were asking for access to your ${label} account.`,
  expired: (label) =>
    `${label} was not connected: the approval came back after more than 10 minutes, or was already used. Start again with Connect.`,
};

export interface ConnectOutcome {
  tone: 'progress' | 'success' | 'error';
  message: string;
}

const labelOf = (platform: string | null) => (platform ? platformLabel(platform as PlatformKey) : 'The account');

function refused(platform: string | null, code: string, fallback?: string): ConnectOutcome {
  const label = labelOf(platform);
  const known = (CONNECT_ERROR_CODES as readonly string[]).includes(code);
  return {
    tone: 'error',
    message: known
      ? ERROR_TEXT[code as ConnectErrorCode](label)
      : (fallback ?? `${label} was not connected. Nothing was changed; try Connect again.`),
  };
}

/** The sentence for a failed attempt the callback reports (`/accounts?error=…&platform=…`); null for none. */
export function connectOutcome(params: URLSearchParams): ConnectOutcome | null {
  const error = params.get('error');
  return error ? refused(params.get('platform'), error) : null;
}

/** While the pending grant of `/accounts?pending=…&platform=…` is being confirmed. */
export const confirmingOutcome = (platform: string | null): ConnectOutcome => ({
  tone: 'progress',
  message: `Connecting ${labelOf(platform)}…`,
});

/** What a confirmed grant became: one account, or the several chosen from it (each its own connection). */
export const connectedOutcome = ([first, ...more]: [Connection, ...Connection[]]): ConnectOutcome => ({
  tone: 'success',
  message:
    more.length === 0
      ? `${platformLabel(first.platform)} is connected as ${first.accountName}.`
      : `${platformLabel(first.platform)} is connected as ${[first, ...more].map((c) => c.accountName).join(', ')} (${more.length + 1} accounts).`,
});

export const chooseCancelledOutcome = (platform: string): ConnectOutcome => ({
  tone: 'error',
  message: `${platformLabel(platform)} was not connected: no account was chosen. Nothing was changed.`,
});

/** The server's refusal of a pending grant, in words; its own message when the code is not one of ours. */
export function confirmRefusedOutcome(platform: string | null, error: unknown): ConnectOutcome {
  return error instanceof ApiError ? refused(platform, error.code, error.message || undefined) : refused(platform, '');
}
