import type { DB } from '../db/database';
import type { IdentityRow } from '../db/sign-in-security.schema';

export async function findIdentity(db: DB, provider: string, subject: string): Promise<IdentityRow | undefined> {
  return db
    .selectFrom('identities')
    .selectAll()
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export async function insertIdentity(
  db: DB,
  identity: { userId: number; provider: string; subject: string; email: string | null; at: Date },
): Promise<void> {
  await db
    .insertInto('identities')
    .values({
      user_id: identity.userId,
      provider: identity.provider,
      subject: identity.subject,
      email: identity.email,
      last_used_at: identity.at,
    })
    .execute();
}

export async function touchIdentity(db: DB, id: number, at: Date): Promise<void> {
  await db.updateTable('identities').set({ last_used_at: at }).where('id', '=', id).execute();
}
