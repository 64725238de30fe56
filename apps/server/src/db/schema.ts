import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ActivityTables } from './activity.schema';
import type { ApiTokensTables } from './api-tokens.schema';
import type { CaptionsTables } from './captions.schema';
import type { CollectionsTables } from './collections.schema';
import type { AnalyticsTables } from './analytics.schema';
import type { ConnectionsTables } from './connections.schema';
import type { IdeasTables } from './ideas.schema';
import type { NotesTables } from './notes.schema';
import type { PostsTables } from './posts.schema';
import type { RenditionsTables } from './renditions.schema';
import type { RequestLimitsTables } from './request-limits.schema';
import type { RulesTables } from './rules.schema';
import type { SecretKeyCheckTables } from './secret-key-check.schema';
import type { SignInSecurityTables } from './sign-in-security.schema';
import type { SlotsTables } from './slots.schema';
import type { TeamsTables } from './teams.schema';
import type { TusUploadsTables } from './tus-uploads.schema';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  password_hash: string | null;
  full_name: string;
  /** IANA zone; 'UTC' until set. */
  time_zone: Generated<string>;
  /** "Publish now" to a live account asks first (migration 0030). */
  ask_before_live_publish: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Timestamp;
  last_used_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the password was last confirmed on this session (POST /auth/reauthenticate); null if never. */
  reauthenticated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface ProjectsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  initials: string;
  color1: string;
  color2: string;
  /** IANA zone, copied from the owner's when the project is created. */
  time_zone: Generated<string>;
  /** Posts made by an editor or through an API token wait for an approver (migration 0050). */
  needs_approval: Generated<boolean>;
  /** Clients may read the project's analytics (migration 0050). */
  clients_see_analytics: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VideosTable {
  id: Generated<number>;
  user_id: number;
  project_id: number;
  title: string;
  description: Generated<string>;
  /** JSON array of strings */
  tags: ColumnType<string[], string | undefined, string>;
  /** JSON array of platform keys */
  platforms: ColumnType<string[], string | undefined, string>;
  status: string;
  views: Generated<number>;
  duration_seconds: number | null;
  size_bytes: number;
  filename: string;
  thumbnail_filename: string | null;
  thumbnail_bytes: Generated<number>;
  width: number | null;
  height: number | null;
  /** Frames per second; null when unknown (and for videos stored before it was read). */
  fps: number | null;
  video_codec: string | null;
  audio_codec: string | null;
  mime_type: string;
  original_name: string;
  /** Hex SHA-256 of the file, computed as it was uploaded; null for videos stored before it was. */
  content_sha256: ColumnType<string | null, string | null | undefined, string | null>;
  /** The video of the same file already in the project, when a resumable upload made this copy (0019). */
  duplicate_of: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * Whether the MP4/MOV file's index (moov) comes before its media data, read at upload (0040); null for other
   * containers and for videos stored before it was read.
   */
  faststart: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  /** The cover (0042): 'frame' or 'image', null when none; the other cover columns follow it. */
  cover_kind: ColumnType<'frame' | 'image' | null, 'frame' | 'image' | null | undefined, 'frame' | 'image' | null>;
  cover_frame_ms: ColumnType<number | null, number | null | undefined, number | null>;
  /** A frame's still or the uploaded image, in the storage. */
  cover_filename: ColumnType<string | null, string | null | undefined, string | null>;
  cover_bytes: ColumnType<number, number | undefined, number>;
  cover_width: ColumnType<number | null, number | null | undefined, number | null>;
  cover_height: ColumnType<number | null, number | null | undefined, number | null>;
  cover_mime_type: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database
  extends
    SignInSecurityTables,
    ConnectionsTables,
    PostsTables,
    TusUploadsTables,
    ActivityTables,
    ApiTokensTables,
    CollectionsTables,
    IdeasTables,
    SlotsTables,
    AnalyticsTables,
    RulesTables,
    SecretKeyCheckTables,
    RequestLimitsTables,
    RenditionsTables,
    CaptionsTables,
    TeamsTables,
    NotesTables {
  users: UsersTable;
  sessions: SessionsTable;
  projects: ProjectsTable;
  videos: VideosTable;
}

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type VideoRow = Selectable<VideosTable>;
