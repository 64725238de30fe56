import { sql } from 'kysely';
import type { ActivityEventRow } from '../db/activity.schema';
import type { PlatformConnectionRow } from '../db/connections.schema';
import type { DB } from '../db/database';

/** A person who acted, by id: the event keeps their id and their name at the time. */
export interface PersonActor {
  personId: number;
}

export interface NewActivityEvent {
  userId: number;
  projectId: number;
  type: string;
  /** A person (by id), or a name: `Fanout`, a platform's, a preview link's visitor's. */
  actor: string | PersonActor;
  /** With a name: the person it is, when they have an account (an approval's actor). */
  actorId?: number;
  subject: { kind: string; id: string | number; title: string };
  message: string;
  link: string;
  data?: Record<string, unknown>;
  /** Defaults to the transaction's now(). */
  at?: Date;
}

/** A person's name as the trail shows it to others: their full name, else their username, else their e-mail. */
const personName = (personId: number) =>
  sql<string>`(select coalesce(nullif(u.full_name, ''), nullif(u.username, ''), u.email) from users u where u.id = ${personId})`;

const actorColumns = (actor: NewActivityEvent['actor'], actorId: number | undefined) =>
  typeof actor === 'string'
    ? { actor, actor_id: actorId ?? null }
    : { actor: sql<string>`coalesce(${personName(actor.personId)}, 'Someone')`, actor_id: actor.personId };

const columns = (e: NewActivityEvent) => ({
  user_id: e.userId,
  project_id: e.projectId,
  type: e.type,
  ...actorColumns(e.actor, e.actorId),
  subject_kind: e.subject.kind,
  subject_id: String(e.subject.id),
  subject_title: e.subject.title,
  message: e.message,
  link: e.link,
  data: JSON.stringify(e.data ?? {}),
  ...(e.at ? { at: e.at } : {}),
});

/** Writes one event; pass the transaction that makes the change, so the event commits (or not) with it. */
export async function insertActivityEvent(db: DB, e: NewActivityEvent): Promise<ActivityEventRow> {
  return db.insertInto('activity_events').values(columns(e)).returningAll().executeTakeFirstOrThrow();
}

/** Rows per statement: well under PostgreSQL's 65,535 parameters at twelve columns. */
const BATCH = 2_000;

/** Writes many events in as few statements as fit (a batch of posts scheduled at once). */
export async function insertActivityEvents(db: DB, events: readonly NewActivityEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += BATCH) {
    await db
      .insertInto('activity_events')
      .values(events.slice(i, i + BATCH).map(columns))
      .execute();
  }
}

/** A place in the trail's order (newest first): the time to the microsecond as text, and the id. */
export interface TrailPosition {
  at: string;
  id: number;
}

/** An event with its time to the microsecond (`at_key`), which a cursor keeps exactly. */
export type ActivityEventWithKey = ActivityEventRow & { at_key: string };

/** The exact time as ISO 8601 text: a JavaScript Date keeps only milliseconds, the column microseconds. */
export const atKey = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * A project's events, newest first (time, then id), after `before` when given: strictly after it, or also
 * at the same time when `sameTime` is true (the cursor's item came from another list that sorts after).
 */
export async function listActivityEvents(
  db: DB,
  projectId: number,
  page: { limit: number; type?: string; before?: TrailPosition; sameTime?: 'include' | 'exclude' | 'by-id' },
): Promise<ActivityEventWithKey[]> {
  let query = db
    .selectFrom('activity_events')
    .selectAll()
    .select(atKey('at').as('at_key'))
    .where('project_id', '=', projectId);
  if (page.type !== undefined) query = query.where('type', '=', page.type);
  const before = page.before;
  if (before) {
    if (page.sameTime === 'include') query = query.where(sql<boolean>`"at" <= ${before.at}::timestamptz`);
    else if (page.sameTime === 'exclude') query = query.where(sql<boolean>`"at" < ${before.at}::timestamptz`);
    else query = query.where(sql<boolean>`("at", id) < (${before.at}::timestamptz, ${before.id})`);
  }
  return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
}

/** The highest event id so far (0 when none): where a live feed starts. */
export async function lastActivityEventId(db: DB): Promise<number> {
  const row = await db
    .selectFrom('activity_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The events of these users with an id above `afterId`, oldest first (the live feed). */
export async function listActivityEventsAfter(
  db: DB,
  userIds: readonly number[],
  afterId: number,
  limit = 500,
): Promise<ActivityEventRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('activity_events')
    .selectAll()
    .where('user_id', 'in', [...userIds])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The connection's grant, newest: since its last `connection.connected` event (or ever, for older grants). */
const sinceConnected = (connectionId: number | ReturnType<typeof sql>) => sql<Date>`coalesce((
  select max(c.at) from activity_events c
  where c.type = 'connection.connected' and c.subject_kind = 'connection' and c.subject_id = (${connectionId})::text
), '-infinity'::timestamptz)`;

/**
 * Connected accounts whose grant (access or refresh) ends before `before` and whose current grant has no
 * `connection.expiring` event yet: the candidates for one.
 */
export async function listConnectionsEndingUnannounced(
  db: DB,
  before: Date,
  limit: number,
): Promise<PlatformConnectionRow[]> {
  return db
    .selectFrom('platform_connections as pc')
    .selectAll('pc')
    .where('pc.status', '=', 'connected')
    .where((eb) => eb.or([eb('pc.refresh_expires_at', '<', before), eb('pc.expires_at', '<', before)]))
    .where(
      sql<boolean>`not exists (
        select 1 from activity_events e
        where e.type = 'connection.expiring' and e.subject_kind = 'connection' and e.subject_id = pc.id::text
          and e.at >= ${sinceConnected(sql.ref('pc.id'))}
      )`,
    )
    .orderBy('pc.id')
    .limit(limit)
    .execute();
}

/** Whether the connection's current grant has its `connection.expiring` event already. */
export async function hasExpiringEvent(db: DB, connectionId: number): Promise<boolean> {
  const row = await db
    .selectFrom('activity_events as e')
    .select('e.id')
    .where('e.type', '=', 'connection.expiring')
    .where('e.subject_kind', '=', 'connection')
    .where('e.subject_id', '=', String(connectionId))
    .where(sql<boolean>`e.at >= ${sinceConnected(connectionId)}`)
    .executeTakeFirst();
  return row !== undefined;
}
