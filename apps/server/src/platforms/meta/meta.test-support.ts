import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { expect } from 'vitest';
import { decideOnAuthorizePage, fileSource } from '../../../test/emulator';
import type { ConnectedAccount, PlatformAdapter, PublishRequest } from '../platform-adapter';

export const redirectUri = (platform: string) => `http://127.0.0.1:3000/api/oauth/${platform}/callback`;

/** Through the authorize page (Approve), the code exchange and the profile, as a connection does. */
export async function connectThrough(adapter: PlatformAdapter) {
  const state = randomUUID();
  const redirect = redirectUri(adapter.platform);
  const back = await decideOnAuthorizePage(adapter.authorizeUrl({ state, redirectUri: redirect }), 'approve');
  expect(back.searchParams.get('state')).toBe(state);
  const code = back.searchParams.get('code');
  expect(code).toBeTruthy();
  const tokens = await adapter.exchangeCode({ code: code!, redirectUri: redirect });
  const profile = await adapter.profile(tokens);
  const kept = profile.tokens ?? tokens;
  const account: ConnectedAccount = {
    accountId: profile.accountId,
    accountName: profile.name,
    accessToken: kept.accessToken,
    refreshToken: kept.refreshToken,
    extra: profile.extra ?? {},
  };
  return { tokens, kept, profile, account, code: code! };
}

export function publishRequest(
  account: ConnectedAccount,
  file: string,
  post: { caption: string; title?: string; options?: Record<string, unknown> },
): PublishRequest {
  return {
    account,
    video: fileSource(file),
    thumbnail: null,
    post: { title: post.title ?? 'A title', caption: post.caption, tags: [], options: post.options ?? {} },
  };
}

export function sha256File(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}
