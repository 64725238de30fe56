import { createReadStream } from 'node:fs';
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { DUPLICATE_VIDEO } from '@fanout/contracts';
import { AppError } from '../../http/errors';

/**
 * What an upload of a file the project already has (same SHA-256) does: `refuse` it (409 duplicate_video,
 * nothing kept: POST /api/upload), keep it and `mark` the new video as a duplicate of the first (tus, whose
 * protocol must finish the upload), or `allow` it silently (the person chose "Keep both").
 */
export type DuplicatePolicy = 'refuse' | 'mark' | 'allow';

/** 409 with the first video's id, so the client can offer "Open the first" or "Keep both". */
export class DuplicateVideoError extends AppError {
  constructor(readonly videoId: number) {
    super(409, DUPLICATE_VIDEO, 'This video is already in the project');
  }
}

/** Hex SHA-256 of a whole file (for protocols that could not hash the bytes as they arrived). */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}
