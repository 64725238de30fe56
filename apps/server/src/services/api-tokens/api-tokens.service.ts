import { randomBytes } from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  API_TOKENS_MAX,
  type ApiToken,
  type ApiTokenScope,
  type CreateApiTokenBody,
  type CreatedApiToken,
} from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { ApiTokenRow } from '../../db/api-tokens.schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import {
  countLiveApiTokens,
  findApiTokenByHash,
  insertApiToken,
  listApiTokens,
  revokeApiToken,
  touchApiToken,
} from '../../repositories/api-tokens.repository';
import { assertRecentlyAuthenticated } from '../reauthentication.service';
import { recordSecurityEvent, type RequestMeta } from '../security-events.service';
import { hashToken, type AuthUser } from '../session.service';

/** Last use is a hint for people: written at most once a minute per token. */
const TOUCH_INTERVAL_MS = 60_000;

export function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiTokenScope[],
    expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  };
}

export function isApiTokenSecret(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
}

export async function apiTokensOf(ctx: AppContext, userId: number): Promise<ApiToken[]> {
  return (await listApiTokens(ctx.db, userId)).map(toApiToken);
}

/**
 * Makes a token: a security change, so it needs a session that signed in or confirmed the password in the
 * last few minutes (a stolen session token alone cannot mint a lasting way in). The secret (256 random
 * bits) is answered once; only its SHA-256 is kept.
 */
export async function createApiToken(
  ctx: AppContext,
  userId: number,
  sessionId: number | undefined,
  body: CreateApiTokenBody,
  meta: RequestMeta,
): Promise<CreatedApiToken> {
  await assertRecentlyAuthenticated(ctx, userId, sessionId);
  const now = new Date();
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && expiresAt <= now) throw badRequest('The expiry must be in the future', 'validation_failed');
  const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await ctx.db.transaction().execute(async (trx) => {
    if ((await countLiveApiTokens(trx, userId, now)) >= API_TOKENS_MAX) {
      throw conflict(`You have ${API_TOKENS_MAX} tokens already: revoke one first`, 'too_many_api_tokens');
    }
    const inserted = await insertApiToken(trx, {
      userId,
      name: body.name,
      tokenHash: hashToken(secret),
      scopes: [...body.scopes].sort(),
      expiresAt,
    });
    await recordSecurityEvent(ctx, userId, 'api_token_created', meta, { tokenName: body.name }, trx);
    return inserted;
  });
  const { lastUsedAt: _unused, ...token } = toApiToken(row);
  return { token, secret };
}

export async function revokeUserApiToken(ctx: AppContext, userId: number, id: number, meta: RequestMeta) {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await revokeApiToken(trx, userId, id, new Date());
    if (!row) throw notFound('Token');
    await recordSecurityEvent(ctx, userId, 'api_token_revoked', meta, { tokenName: row.name }, trx);
  });
}

export interface AuthenticatedApiToken {
  tokenId: number;
  scopes: ApiTokenScope[];
  user: AuthUser;
}

/** The live token for a presented secret, or undefined when it is unknown, expired or revoked. */
export async function authenticateApiToken(
  ctx: AppContext,
  secret: string,
): Promise<AuthenticatedApiToken | undefined> {
  const found = await findApiTokenByHash(ctx.db, hashToken(secret));
  const now = new Date();
  if (!found) return undefined;
  const { token } = found;
  if (token.revoked_at || (token.expires_at && new Date(token.expires_at) <= now)) return undefined;
  if (!token.last_used_at || now.getTime() - new Date(token.last_used_at).getTime() >= TOUCH_INTERVAL_MS) {
    await touchApiToken(ctx.db, token.id, now);
  }
  return {
    tokenId: token.id,
    scopes: token.scopes as ApiTokenScope[],
    user: { id: token.user_id, username: found.username, email: found.email },
  };
}
