import { createReadStream } from 'node:fs';
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { DUPLICATE_VIDEO, type UploadCheckQuery, type UploadCheckResponse } from '@fanout/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { findVideosOfProjectByContentHash, projectHasHashedVideoOfSize } from '../../repositories/videos.repository';
import { getOwnProject } from '../projects.service';

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

/**
 * Whether a project has a file, asked before it is sent (GET /api/upload/check; the route checked the caller may
 * upload into it, `ownerId` is its owner's). Only that project is looked in. Advisory: the upload itself is
 * checked again on the bytes that arrive.
 */
export async function checkUpload(
  ctx: AppContext,
  ownerId: number,
  query: UploadCheckQuery,
): Promise<UploadCheckResponse> {
  await getOwnProject(ctx, ownerId, query.project_id);
  const sameSize = await projectHasHashedVideoOfSize(ctx.db, query.project_id, query.size);
  if (!query.sha256 || !sameSize) return { sameSize, duplicate: null };
  const first = (await findVideosOfProjectByContentHash(ctx.db, query.project_id, query.sha256))[0];
  return { sameSize, duplicate: first ? { videoId: first.id, title: first.title } : null };
}

/** 409 duplicate_video when the project has a video of this content (a file that did not fit is refused so). */
export async function refuseCopyOverQuota(ctx: AppContext, projectId: number, sha256: string | undefined) {
  const first = sha256 ? (await findVideosOfProjectByContentHash(ctx.db, projectId, sha256))[0] : undefined;
  if (first) throw new DuplicateVideoError(first.id);
}
