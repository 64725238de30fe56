import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { expect } from 'vitest';
import { decideOnAuthorizePage, fileSource, sandboxAdapterOptions } from '../../../test/emulator';
import type { AdapterOptions } from '../base-adapter';
import type { ConnectedAccount, PublishRequest, VideoSource } from '../platform-adapter';
import { XAdapter } from './x.adapter';

export const REDIRECT_URI = 'http://127.0.0.1:3000/api/oauth/x/callback';

export function xAdapter(emu: { url: string; publicUrl: string }, extra: Partial<AdapterOptions> = {}) {
  return new XAdapter(sandboxAdapterOptions(emu, extra));
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Through the authorize page (Approve), the code exchange and the profile, as a connection does. */
export async function connectX(adapter: XAdapter) {
  const { verifier, challenge } = pkcePair();
  const state = randomUUID();
  const back = await decideOnAuthorizePage(
    adapter.authorizeUrl({ state, redirectUri: REDIRECT_URI, codeChallenge: challenge }),
    'approve',
  );
  expect(back.searchParams.get('state')).toBe(state);
  const code = back.searchParams.get('code');
  expect(code).toBeTruthy();
  const tokens = await adapter.exchangeCode({ code: code!, redirectUri: REDIRECT_URI, codeVerifier: verifier });
  const profile = await adapter.profile(tokens);
  const account: ConnectedAccount = {
    accountId: profile.accountId,
    accountName: profile.name,
    accessToken: tokens.accessToken,
    extra: profile.extra ?? {},
  };
  return { tokens, profile, account, code: code!, verifier };
}

export function publishRequest(account: ConnectedAccount, video: VideoSource, caption: string): PublishRequest {
  return {
    account,
    video,
    thumbnail: null,
    post: { title: 'A title', caption, tags: [], options: {} },
  };
}

export function videoOf(file: string): VideoSource {
  return fileSource(file);
}

export function sha256File(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}
