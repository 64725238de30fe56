import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** One event of a project's trail (migration 0015). */
export interface ActivityEventsTable {
  id: Generated<number>;
  user_id: number;
  project_id: number;
  /** `video.uploaded`, `post.published`, `rule.ran` … (contracts' ActivityType, without the security ones). */
  type: string;
  at: Timestamp;
  /** Who did it: a person's name at the time, `Fanout` (the scheduler, a rule), or a platform's name. */
  actor: string;
  /** The person who did it (migration 0054); null for Fanout, a platform, a preview link's visitor. */
  actor_id: ColumnType<number | null, number | null | undefined, number | null>;
  subject_kind: string;
  subject_id: string;
  subject_title: string;
  message: string;
  /** The in-app path of the subject (`/video/12`, `/posts?post=3` …). */
  link: string;
  /** What rules match on besides the subject (platform, tags, duration …). */
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
}

export interface ActivityTables {
  activity_events: ActivityEventsTable;
}

export type ActivityEventRow = Selectable<ActivityEventsTable>;
