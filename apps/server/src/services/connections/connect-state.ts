import { createHash, randomBytes } from 'node:crypto';
import type { PlatformKey } from '@fanout/contracts';
import type { AppContext } from '../../context';
import { storeChallenge, useChallenge } from '../challenges.service';

/** Long enough to sign in on the platform and read its consent page, short enough to be useless when stolen. */
export const CONNECT_STATE_TTL_MS = 10 * 60_000;

export interface ConnectState {
  userId: number;
  projectId: number;
  platform: PlatformKey;
  /** PKCE verifier, when the platform's authorize URL carried a challenge. */
  codeVerifier?: string;
}

interface StoredState {
  projectId: number;
  platform: PlatformKey;
  /** Sealed: the table alone does not give it away. */
  verifier?: string;
}

const verifierContext = (s: { userId: number; projectId: number; platform: string }) =>
  `platform-connect:${s.userId}:${s.projectId}:${s.platform}`;

/**
 * A new state (and PKCE pair when asked) for an authorize URL, stored single use for 10 minutes and bound to
 * the user, the project and the platform: only the callback that brings it back can finish the connection.
 */
export async function createConnectState(
  ctx: AppContext,
  s: { userId: number; projectId: number; platform: PlatformKey; pkce: boolean },
): Promise<{ state: string; codeChallenge?: string }> {
  const state = randomBytes(32).toString('base64url');
  const verifier = s.pkce ? randomBytes(48).toString('base64url') : undefined;
  const stored: StoredState = {
    projectId: s.projectId,
    platform: s.platform,
    verifier: verifier && ctx.secretBox.encrypt(verifier, verifierContext(s)),
  };
  await storeChallenge(ctx, {
    purpose: 'platform-connect',
    key: state,
    challenge: JSON.stringify(stored),
    userId: s.userId,
    ttlMs: CONNECT_STATE_TTL_MS,
  });
  const codeChallenge = verifier && createHash('sha256').update(verifier).digest('base64url');
  return { state, codeChallenge };
}

/** The state's binding, consumed so it cannot be used again; undefined when unknown, used or expired. */
export async function takeConnectState(ctx: AppContext, state: string): Promise<ConnectState | undefined> {
  const row = await useChallenge(ctx, 'platform-connect', state);
  if (!row || row.user_id === null) return undefined;
  const stored = JSON.parse(row.challenge) as StoredState;
  const binding = { userId: row.user_id, projectId: stored.projectId, platform: stored.platform };
  return {
    ...binding,
    codeVerifier: stored.verifier ? ctx.secretBox.decrypt(stored.verifier, verifierContext(binding)) : undefined,
  };
}
