import { CONNECT_ERROR_CODES, PLATFORMS, type ConnectErrorCode, type PlatformKey } from '@fanout/contracts';

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
};

export interface ConnectOutcome {
  tone: 'success' | 'error';
  message: string;
}

/** The sentence for what `/accounts?connected=…` or `/accounts?error=…&platform=…` reports; null for neither. */
export function connectOutcome(params: URLSearchParams): ConnectOutcome | null {
  const connected = params.get('connected');
  if (connected) return { tone: 'success', message: `${platformLabel(connected)} is connected.` };
  const error = params.get('error');
  if (!error) return null;
  const platform = params.get('platform');
  const label = platform ? platformLabel(platform as PlatformKey) : 'The account';
  const known = (CONNECT_ERROR_CODES as readonly string[]).includes(error);
  return {
    tone: 'error',
    message: known
      ? ERROR_TEXT[error as ConnectErrorCode](label)
      : `${label} was not connected. Nothing was changed; try Connect again.`,
  };
}
