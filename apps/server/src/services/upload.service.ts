import fs from 'node:fs/promises';
import { UploadFields, type Video } from '@fanout/contracts';
import type { AppContext } from '../context';
import { badRequest, payloadTooLarge } from '../http/errors';
import { findReferencedFileNames, largestHashedVideoSize } from '../repositories/videos.repository';
import { ByteLimitError, removeStaleFiles, STALE_TEMP_AFTER_MS, TempFileWriter, tempPath } from '../storage/temp-file';
import { projectAccess } from './access/project-access';
import { cutText } from './cut-text';
import { formatBytes, usedBytes } from './storage-usage.service';
import { removeStoredFiles } from './videos.service';
import { acceptUploadedFile, quotaExceeded, type ReceivedFile } from './uploads/accept-upload';
import { refuseCopyOverQuota } from './collections/duplicate-video';

/**
 * A multipart upload as the HTTP layer hands it over, in arrival order: text fields, and the file as its
 * start, its bytes (as they arrive, never gathered in memory) and its end.
 */
export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown; valueTruncated?: boolean }
  | { type: 'file'; fieldname: string; filename: string }
  | { type: 'data'; chunk: Buffer }
  | { type: 'fileEnd' };

export const FILE_FIELD = 'video';
const MAX_NAME = 255;

export const fileTooLarge = (limit: number) =>
  payloadTooLarge(`The file is too large: uploads are limited to ${formatBytes(limit)}`, 'file_too_large');

/** A display name from the browser's file name: no path, no control characters, bounded. */
export function cleanOriginalName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return cutText(base, MAX_NAME);
}

/** The request itself is broken (truncated, malformed, over a parser limit); `cause` says how. */
export class MalformedUploadError extends Error {
  constructor(override readonly cause: unknown) {
    super('malformed upload');
  }
}

/** Errors of the request stream, told apart from our own failures (database, disk) that come later. */
async function* guarded(parts: AsyncIterable<UploadPart>): AsyncGenerator<UploadPart> {
  const iterator = parts[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<UploadPart>;
    try {
      next = await iterator.next();
    } catch (err) {
      throw new MalformedUploadError(err);
    }
    if (next.done) return;
    yield next.value;
  }
}

interface Received {
  fields: Record<string, unknown>;
  temp?: ReceivedFile;
  /**
   * The project's owner, once the caller's right to upload into it (role `edit`) was checked: the video is
   * theirs and counts against their quota, whoever uploads it.
   */
  ownerId?: number;
  /** The file did not fit the storage left and was only hashed past it: a duplicate, or over the quota. */
  overQuota?: { used: number; quota: number };
}

function fieldError(fields: Record<string, unknown>) {
  const parsed = UploadFields.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.join('.');
  if (where === 'project_id' && fields.project_id === undefined) {
    throw badRequest('Choose the project to upload into (project_id)', 'validation_failed');
  }
  throw badRequest(`${where ? `${where}: ` : ''}${issue?.message ?? 'is not valid'}`, 'validation_failed');
}

/**
 * How far a file is read when it does not fit the storage left. A copy of a video the project has is refused
 * as a duplicate, never as over the quota (it would not have been stored): so past the room left, the bytes are
 * hashed without being written, up to the size of the project's largest video (no copy is larger), to tell
 * which answer is due. Not when the form asked to keep duplicates before the file: that copy counts.
 */
async function hashingLimit(ctx: AppContext, received: Received, room: number): Promise<number> {
  const { uploadMaxBytes } = ctx.config;
  if (room >= uploadMaxBytes || received.ownerId === undefined || received.fields.allow_duplicate === 'true') {
    return Math.min(uploadMaxBytes, room);
  }
  const largest = await largestHashedVideoSize(ctx.db, fieldError(received.fields).project_id);
  return Math.min(uploadMaxBytes, Math.max(room, largest));
}

/** The owner of the project named by the form, once the caller may upload into it (404 / 403 otherwise). */
async function checkProject(ctx: AppContext, actorId: number, received: Received): Promise<number> {
  received.ownerId ??= (await projectAccess(ctx, actorId, fieldError(received.fields).project_id, 'edit')).ownerId;
  return received.ownerId;
}

/**
 * Reads the parts; fields may come before or after the file. The file goes to a temp file as its bytes
 * arrive (never to memory), its SHA-256 computed on the way. It is bounded by the owner's storage left when
 * the project came first; else (whose quota it is is not known yet) by UPLOAD_MAX_BYTES, the owner's quota
 * being checked once the project is.
 */
async function receiveParts(
  ctx: AppContext,
  actorId: number,
  parts: AsyncIterable<UploadPart>,
  received: Received,
): Promise<void> {
  const { uploadMaxBytes, storageQuotaBytes, tmpDir } = ctx.config;
  let used = 0;
  let room = uploadMaxBytes;
  const tooBig = () => (uploadMaxBytes <= room ? fileTooLarge(uploadMaxBytes) : quotaExceeded(used, storageQuotaBytes));
  let writer: TempFileWriter | undefined;
  let fileName = '';
  try {
    for await (const part of guarded(parts)) {
      switch (part.type) {
        case 'data': {
          // The disk is behind: wait for it (the request is not read meanwhile).
          const wait = writer?.write(part.chunk);
          if (wait) await wait;
          continue;
        }
        case 'field':
          if (part.valueTruncated) throw badRequest(`${part.fieldname}: the value is too long`, 'validation_failed');
          if (part.fieldname in received.fields) {
            throw badRequest(`${part.fieldname} was sent twice`, 'validation_failed');
          }
          received.fields[part.fieldname] = part.value;
          if (part.fieldname === 'project_id' && !received.temp && !writer) await checkProject(ctx, actorId, received);
          continue;
        case 'file':
          if (part.fieldname !== FILE_FIELD) {
            throw badRequest(`Send the video in the "${FILE_FIELD}" field`, 'unexpected_file');
          }
          fileName = part.filename;
          if (received.ownerId !== undefined) {
            used = await usedBytes(ctx, received.ownerId);
            room = Math.max(0, storageQuotaBytes - used);
          }
          writer = new TempFileWriter(
            tempPath(tmpDir, 'upload'),
            await hashingLimit(ctx, received, room),
            Math.min(uploadMaxBytes, room),
          );
          continue;
        case 'fileEnd':
          if (writer) {
            const { bytes, sha256, whole } = await writer.finish();
            received.temp = { path: writer.path, bytes, originalName: cleanOriginalName(fileName), sha256 };
            if (!whole && received.ownerId !== undefined) received.overQuota = { used, quota: storageQuotaBytes };
            writer = undefined;
          }
          continue;
      }
    }
  } catch (err) {
    if (writer) await writer.abort();
    if (err instanceof ByteLimitError) throw tooBig();
    throw err;
  }
}

/**
 * POST /api/upload: receive, check (size, quota, the caller's right to upload into the project, that it really
 * is a video), store, record as the project owner's video. Whatever fails, everything written so far (temp
 * file, stored video, thumbnail) is removed.
 */
export async function receiveUpload(
  ctx: AppContext,
  actorId: number,
  parts: AsyncIterable<UploadPart>,
): Promise<Video> {
  const received: Received = { fields: {} };
  try {
    await receiveParts(ctx, actorId, parts, received);
    const { temp } = received;
    if (!temp) throw badRequest(`Attach the video file in the "${FILE_FIELD}" field`, 'missing_file');
    const fields = fieldError(received.fields);
    const ownerId = await checkProject(ctx, actorId, received);
    if (received.overQuota) {
      const { used, quota } = received.overQuota;
      const keep = fields.allow_duplicate === 'true';
      await refuseCopyOverQuota(ctx, fields.project_id, keep ? undefined : temp.sha256);
      throw quotaExceeded(used, quota);
    }
    return await acceptUploadedFile(ctx, ownerId, temp, {
      projectId: fields.project_id,
      title: fields.title,
      duplicates: fields.allow_duplicate === 'true' ? 'allow' : 'refuse',
      uploadedBy: actorId,
    });
  } finally {
    if (received.temp) await fs.rm(received.temp.path, { force: true });
  }
}

/**
 * Removes what uploads cut short by a crash or a kill left in the staging dir (the received file, a
 * thumbnail) and in storage (a partial copy, or stored files whose video was never recorded, or whose
 * video was deleted before its files were). Runs at start-up and then now and again; files of uploads
 * in progress are recent and stay.
 */
export async function sweepStaleUploads(ctx: AppContext, now = Date.now()): Promise<number> {
  const olderThan = new Date(now - STALE_TEMP_AFTER_MS);
  const removed =
    (await removeStaleFiles(ctx.config.tmpDir, olderThan)) +
    (await ctx.storage.removeLeftovers(olderThan)) +
    (await removeUnreferencedMedia(ctx, olderThan));
  if (removed > 0) ctx.log.info({ removed }, 'removed files of interrupted uploads and deletes');
  return removed;
}

const SWEEP_BATCH = 500;

/** Stored files last written before `olderThan` that no video refers to. */
async function removeUnreferencedMedia(ctx: AppContext, olderThan: Date): Promise<number> {
  let removed = 0;
  let batch: string[] = [];
  const settle = async () => {
    const kept = await findReferencedFileNames(ctx.db, batch);
    const orphans = batch.filter((key) => !kept.has(key));
    await removeStoredFiles(ctx, orphans);
    removed += orphans.length;
    batch = [];
  };
  for await (const file of ctx.storage.list()) {
    if (file.modifiedAt >= olderThan) continue;
    batch.push(file.key);
    if (batch.length === SWEEP_BATCH) await settle();
  }
  if (batch.length > 0) await settle();
  return removed;
}
