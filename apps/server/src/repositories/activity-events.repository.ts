import type { ActivityEventRow } from '../db/activity.schema';
import type { DB } from '../db/database';

export interface NewActivityEvent {
  userId: number;
  projectId: number;
  type: string;
  actor: string;
  subject: { kind: string; id: string | number; title: string };
  message: string;
  link: string;
  data?: Record<string, unknown>;
  /** Defaults to the transaction's now(). */
  at?: Date;
}

/** Writes one event; pass the transaction that makes the change, so the event commits (or not) with it. */
export async function insertActivityEvent(db: DB, e: NewActivityEvent): Promise<ActivityEventRow> {
  return db
    .insertInto('activity_events')
    .values({
      user_id: e.userId,
      project_id: e.projectId,
      type: e.type,
      actor: e.actor,
      subject_kind: e.subject.kind,
      subject_id: String(e.subject.id),
      subject_title: e.subject.title,
      message: e.message,
      link: e.link,
      data: JSON.stringify(e.data ?? {}),
      ...(e.at ? { at: e.at } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
