import type { DB } from '../src/db/database';
import { insertVideoRows, type NewVideo } from '../src/repositories/videos.repository';

const WORDS = ['Harbour', 'Sunset', 'Mountain', 'Street', 'Forest', 'River', 'Market', 'Desert', 'Garden', 'Bridge'];

export interface SeedVideosOptions {
  userId: number;
  projectId: number;
  count: number;
  /** Title of the i-th video (0-based); default `<Word> clip <i+1, 5 digits>`, e.g. 'Sunset clip 00002'. */
  title?: (i: number) => string;
  /** Stored status (default 'awaiting-details'). */
  status?: (i: number) => 'awaiting-details' | 'ready';
}

/**
 * `count` video rows in one project, inserted in batches of 1,000, uploaded one second apart (the last one
 * newest, a second ago). Rows only: no files, no thumbnails; their media cannot be played or published.
 * Returns the ids in insertion order (oldest first).
 */
export async function seedVideos(db: DB, opts: SeedVideosOptions): Promise<number[]> {
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const start = Date.now() - opts.count * 1000;
  const rows: NewVideo[] = Array.from({ length: opts.count }, (_, i) => ({
    userId: opts.userId,
    projectId: opts.projectId,
    title: opts.title ? opts.title(i) : `${WORDS[i % WORDS.length]} clip ${String(i + 1).padStart(5, '0')}`,
    status: opts.status ? opts.status(i) : 'awaiting-details',
    durationSeconds: 10 + (i % 50),
    sizeBytes: 1_000_000 + i,
    filename: `seed-${stamp}-${i}.mp4`,
    thumbnailFilename: null,
    thumbnailBytes: 0,
    width: 1280,
    height: 720,
    fps: 30,
    videoCodec: 'h264',
    audioCodec: 'aac',
    mimeType: 'video/mp4',
    originalName: `seed-${i}.mp4`,
    createdAt: new Date(start + i * 1000),
  }));
  return insertVideoRows(db, rows);
}
