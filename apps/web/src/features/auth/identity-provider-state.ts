import { readSessionStorage, SESSION_STORAGE_KEYS, writeSessionStorage } from '@/lib/storage-keys';

/** An identity-provider sign-in this tab started: which provider, and the state the server issued for it. */
export interface PendingIdentityProviderSignIn {
  provider: string;
  state: string;
}

const KEY = SESSION_STORAGE_KEYS.identityProviderSignIn;

export function rememberIdentityProviderSignIn(pending: PendingIdentityProviderSignIn) {
  writeSessionStorage(KEY, JSON.stringify(pending));
}

/** The pending sign-in, removed as it is read: a state is good for one answer only. */
export function takeIdentityProviderSignIn(): PendingIdentityProviderSignIn | null {
  const raw = readSessionStorage(KEY);
  writeSessionStorage(KEY, null);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingIdentityProviderSignIn>;
    return typeof value.provider === 'string' && typeof value.state === 'string'
      ? { provider: value.provider, state: value.state }
      : null;
  } catch {
    return null;
  }
}

/** What the provider appended to the callback address: `#id_token=…&state=…` or `#error=…&error_description=…`. */
export interface IdentityProviderCallback {
  idToken: string | null;
  state: string | null;
  error: string | null;
  errorDescription: string | null;
}

export function parseIdentityProviderCallback(hash: string): IdentityProviderCallback {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return {
    idToken: params.get('id_token'),
    state: params.get('state'),
    error: params.get('error'),
    errorDescription: params.get('error_description'),
  };
}
