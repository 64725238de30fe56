import type { PlatformConnectionRow } from '../../db/connections.schema';
import type { TokenSet } from '../../platforms/platform-adapter';
import type { SecretBox } from '../secret-box.service';

/** Whose grant a sealed token is: a sealed value copied to another row, platform or account will not open. */
export interface TokenOwner {
  projectId: number;
  platform: string;
  accountId: string;
}

const context = (owner: TokenOwner, kind: 'access' | 'refresh') =>
  `platform-connection:${JSON.stringify([kind, owner.projectId, owner.platform, owner.accountId])}`;

const ownerOf = (row: PlatformConnectionRow): TokenOwner => ({
  projectId: row.project_id,
  platform: row.platform,
  accountId: row.account_id,
});

export function sealAccessToken(box: SecretBox, owner: TokenOwner, token: string): string {
  return box.encrypt(token, context(owner, 'access'));
}

export function sealRefreshToken(box: SecretBox, owner: TokenOwner, token: string | undefined): string | null {
  return token ? box.encrypt(token, context(owner, 'refresh')) : null;
}

/** The grant stored in a row, opened. Never log it or send it to a browser. */
export function openTokens(box: SecretBox, row: PlatformConnectionRow): TokenSet {
  const owner = ownerOf(row);
  return {
    accessToken: box.decrypt(row.access_token_enc, context(owner, 'access')),
    refreshToken: row.refresh_token_enc ? box.decrypt(row.refresh_token_enc, context(owner, 'refresh')) : undefined,
    expiresAt: row.expires_at ?? undefined,
    refreshExpiresAt: row.refresh_expires_at ?? undefined,
    scopes: row.scopes,
  };
}

/**
 * The grant of a row, or null when its seal will not open: the server's secret key changed, or the sealed value
 * was copied from another row. No call can be made with it: the account must be connected again.
 */
export function tryOpenTokens(box: SecretBox, row: PlatformConnectionRow): TokenSet | null {
  try {
    return openTokens(box, row);
  } catch {
    return null;
  }
}

/** Why a grant that will not open needs a reconnect, in the person's words. */
export const UNREADABLE_GRANT =
  "the stored access cannot be opened with this server's secret key (was SECRET_KEY changed?): connect the account again";
