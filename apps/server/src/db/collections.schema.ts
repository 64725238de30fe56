import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A project's named collection of videos (migration 0019). */
export interface CollectionsTable {
  id: Generated<number>;
  user_id: number;
  project_id: number;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Which videos a collection holds; a video may be in many. */
export interface CollectionVideosTable {
  collection_id: number;
  video_id: number;
  added_at: Timestamp;
}

export interface CollectionsTables {
  collections: CollectionsTable;
  collection_videos: CollectionVideosTable;
}

export type CollectionRow = Selectable<CollectionsTable>;
