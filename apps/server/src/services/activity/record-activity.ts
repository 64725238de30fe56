import type { DB } from '../../db/database';
import type { ActivityEventRow } from '../../db/activity.schema';
import { insertActivityEvent, type NewActivityEvent } from '../../repositories/activity-events.repository';

export type { NewActivityEvent };

/**
 * Adds an event to the project's trail. Call it with the transaction that makes the change (a Kysely
 * Transaction is a DB), so the event exists exactly when the change committed; the insert notifies
 * `fanout_changes` for live streams and rules.
 */
export function recordActivity(db: DB, event: NewActivityEvent): Promise<ActivityEventRow> {
  return insertActivityEvent(db, event);
}
