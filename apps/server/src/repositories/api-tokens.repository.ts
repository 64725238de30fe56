import type { DB } from '../db/database';
import type { ApiTokenRow } from '../db/api-tokens.schema';

export interface NewApiToken {
  userId: number;
  name: string;
  tokenHash: string;
  scopes: string[];
  expiresAt: Date | null;
}

export async function insertApiToken(db: DB, token: NewApiToken): Promise<ApiTokenRow> {
  return db
    .insertInto('api_tokens')
    .values({
      user_id: token.userId,
      name: token.name,
      token_hash: token.tokenHash,
      scopes: JSON.stringify(token.scopes),
      expires_at: token.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A user's tokens that are not revoked (expired ones included, so people see them end), newest first. */
export async function listApiTokens(db: DB, userId: number): Promise<ApiTokenRow[]> {
  return db
    .selectFrom('api_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
}

export async function countLiveApiTokens(db: DB, userId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface ApiTokenWithUser {
  token: ApiTokenRow;
  username: string;
  email: string;
}

export async function findApiTokenByHash(db: DB, tokenHash: string): Promise<ApiTokenWithUser | undefined> {
  const row = await db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .selectAll('api_tokens')
    .select(['users.username as username', 'users.email as email'])
    .where('api_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { username, email, ...token } = row;
  return { token, username, email };
}

export async function touchApiToken(db: DB, id: number, at: Date): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
}

/** Revokes one of the user's live tokens; the row it revoked, or undefined when there is none. */
export async function revokeApiToken(db: DB, userId: number, id: number, at: Date): Promise<ApiTokenRow | undefined> {
  return db
    .updateTable('api_tokens')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
