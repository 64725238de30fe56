import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UploadFields, type Video } from '@fanout/contracts';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { ERRORS, MemoryLocker, Server, type DataStore, type Locker, type Upload } from '@tus/server';
import type { AppContext } from '../../context';
import type { TusUploadRow } from '../../db/tus-uploads.schema';
import { AppError, badRequest, notFound } from '../../http/errors';
import { isStorableText, invalidText } from '../../http/text-input';
import {
  deleteTusUpload,
  findTusUpload,
  insertTusUpload,
  listExpiredTusUploads,
  markTusUploadFinished,
  sumUnfinishedTusBytes,
} from '../../repositories/tus-uploads.repository';
import { lockUser } from '../../repositories/users.repository';
import { randomName, tempPath } from '../../storage/temp-file';
import { projectAccess } from '../access/project-access';
import { usedBytes } from '../storage-usage.service';
import { cleanOriginalName, fileTooLarge } from '../upload.service';
import { getVideo } from '../videos.service';
import { acceptUploadedFile, quotaExceeded } from './accept-upload';
import { PgLocker } from './pg-locker';

/** Where the tus endpoint lives; an upload's URL is `${TUS_PATH}/<id>`. */
export const TUS_PATH = '/api/tus';

/** An unfinished upload is kept this long after its creation; a finished one's record this long after it finished. */
export const TUS_EXPIRY_MS = 24 * 3600_000;

/** S3 multipart part size: parts are buffered on disk, not in memory. */
const S3_PART_SIZE = 8 * 1024 * 1024;

/** The response header naming the video a finished upload became (also on HEAD, which has no body). */
export const VIDEO_ID_HEADER = 'Fanout-Video-Id';

/** Upload ids are the server's own: 128 random bits in hex. */
export const TUS_ID = /^[0-9a-f]{32}$/;

export interface TusUploads {
  server: Server;
  store: DataStore;
  locker: Locker;
  /** Where the local store keeps its parts (STORAGE=local). */
  directory?: string;
  /** Lets go of what the locks hold open (the lock connection). */
  close(): Promise<void>;
}

/** Who sends each request handed to the tus server, and the upload id the route checked they own. */
interface RequestScope {
  userId: number;
  uploadId?: string;
}

const requestScopes = new WeakMap<Request, RequestScope>();

/**
 * The URL the tus server is handed: built from the checked id alone, never from the client's URL (the tus
 * server takes the last `/` segment of the whole URL, query included, as the id).
 */
export function tusUrl(uploadId?: string): string {
  return `http://localhost${TUS_PATH}${uploadId === undefined ? '' : `/${uploadId}`}`;
}

export function setRequestScope(request: Request, scope: RequestScope) {
  requestScopes.set(request, scope);
}

function userOf(request: Request): number {
  const scope = requestScopes.get(request);
  if (scope === undefined) throw new AppError(401, 'unauthorized', 'Sign in to continue');
  return scope.userId;
}

/**
 * Every request on an existing upload, as the tus server itself resolved its id: that id must be the one
 * the route checked, and the caller's (a second check, should the two ever part again).
 */
async function checkResolvedUpload(ctx: AppContext, request: Request, uploadId: string) {
  // A creation names a new upload (namingFunction): there is nothing of anyone's to check yet.
  if (request.method === 'POST') return;
  const scope = requestScopes.get(request);
  const row = scope?.uploadId === uploadId ? await findTusUpload(ctx.db, uploadId) : undefined;
  if (!row || row.user_id !== scope?.userId) throw tusErrorOf(notFound('Upload'));
}

/** `{status_code, body}` is how the tus server is told what to answer; ours are `{error, code}` JSON. */
export function tusErrorOf(err: AppError) {
  return { status_code: err.statusCode, body: JSON.stringify({ error: err.message, code: err.code }) };
}

function metadataText(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (!isStorableText(value)) throw invalidText();
  return value;
}

/**
 * The owner of the project an upload goes into, while its sender may still upload there (role `edit`; 404 or
 * 403 otherwise): the video is the owner's, and counts against the owner's quota.
 */
export async function uploadOwner(ctx: AppContext, row: Pick<TusUploadRow, 'user_id' | 'project_id'>) {
  return (await projectAccess(ctx, row.user_id, row.project_id, 'edit')).ownerId;
}

/** The video a finished upload became, as its sender sees it. */
export async function videoOfUpload(ctx: AppContext, row: TusUploadRow): Promise<Video> {
  return getVideo(ctx, await uploadOwner(ctx, row), row.video_id!);
}

/**
 * Creation (POST): the caller may upload into the project (role `edit`), the length is declared and within
 * UPLOAD_MAX_BYTES, and the whole file fits the owner's quota together with the other unfinished uploads into
 * the owner's projects: all before the first byte.
 */
async function admitUpload(ctx: AppContext, userId: number, upload: Upload) {
  const meta = upload.metadata ?? {};
  const filename = cleanOriginalName(metadataText(meta.filename) ?? '');
  metadataText(meta.filetype);
  const title = metadataText(meta.title);
  const projectIdText = metadataText(meta.project_id);
  if (projectIdText === undefined) {
    throw badRequest('Choose the project to upload into (Upload-Metadata project_id)', 'validation_failed');
  }
  const fields = UploadFields.safeParse({ project_id: projectIdText, title });
  if (!fields.success) {
    const issue = fields.error.issues[0];
    const where = issue?.path.join('.');
    throw badRequest(`${where ? `${where}: ` : ''}${issue?.message ?? 'is not valid'}`, 'validation_failed');
  }
  if (upload.sizeIsDeferred || upload.size === undefined) {
    throw badRequest('Declare the file size in Upload-Length', 'length_required');
  }
  const size = upload.size;
  if (size > ctx.config.uploadMaxBytes) throw fileTooLarge(ctx.config.uploadMaxBytes);
  const ownerId = await uploadOwner(ctx, { user_id: userId, project_id: fields.data.project_id });

  const quota = ctx.config.storageQuotaBytes;
  await ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, ownerId);
    const used = (await usedBytes(ctx, ownerId, trx)) + (await sumUnfinishedTusBytes(trx, ownerId));
    if (used + size > quota) throw quotaExceeded(used, quota);
    await insertTusUpload(trx, {
      id: upload.id,
      userId,
      projectId: fields.data.project_id,
      sizeBytes: size,
      filename,
      title: fields.data.title || null,
    });
  });
}

/** Removes what the store holds of an upload (parts, info), whatever state it is in. */
async function discardParts(ctx: AppContext, tus: TusUploads, id: string) {
  if (tus.directory) {
    const data = path.join(tus.directory, id);
    await Promise.all([fs.rm(data, { force: true }), fs.rm(`${data}.json`, { force: true })]);
    return;
  }
  await tus.store.remove(id).catch((err: unknown) => ctx.log.warn({ err, id }, 'could not remove a tus upload'));
}

/** Forgets an upload: its parts and its record. */
async function forgetUpload(ctx: AppContext, tus: TusUploads, id: string) {
  await discardParts(ctx, tus, id);
  await deleteTusUpload(ctx.db, id);
}

/** The whole received file as a local file: the store's own file, or (S3) a copy streamed to a temp file. */
async function localCopy(ctx: AppContext, tus: TusUploads, id: string): Promise<{ path: string; temp: boolean }> {
  if (tus.directory) return { path: path.join(tus.directory, id), temp: false };
  const target = tempPath(ctx.config.tmpDir, 'upload');
  await fs.mkdir(ctx.config.tmpDir, { recursive: true });
  const source = await (tus.store as S3Store).read(id);
  await pipeline(source as Readable, createWriteStream(target, { flags: 'wx' }));
  return { path: target, temp: true };
}

/**
 * A complete upload becomes a video, once: under the upload's lock, a second call (a client that lost the
 * answer and asks again, or two requests racing) finds the recorded video instead of making another.
 * A file refused for what it is (not a video, over the quota, project gone) is removed with its record;
 * a failure on our side keeps it, so the client's next HEAD or PATCH tries again.
 */
export async function finishTusUpload(ctx: AppContext, tus: TusUploads, id: string): Promise<Video> {
  const lock = tus.locker.newLock(id);
  await lock.lock(new AbortController().signal, async () => undefined);
  try {
    const row = await findTusUpload(ctx.db, id);
    if (!row) throw notFound('Upload');
    if (row.video_id !== null) return await videoOfUpload(ctx, row);
    const upload = await tus.store.getUpload(id);
    if (upload.offset !== row.size_bytes) {
      throw new AppError(409, 'upload_incomplete', 'The upload is not complete yet');
    }
    let copy: { path: string; temp: boolean } | undefined;
    try {
      const ownerId = await uploadOwner(ctx, row);
      copy = await localCopy(ctx, tus, id);
      const video = await acceptUploadedFile(
        ctx,
        ownerId,
        { path: copy.path, bytes: row.size_bytes, originalName: row.filename },
        {
          projectId: row.project_id,
          title: row.title ?? undefined,
          // tus must finish the upload: a file the project has already is kept, marked as a duplicate.
          duplicates: upload.metadata?.allow_duplicate === 'true' ? 'allow' : 'mark',
          uploadedBy: row.user_id,
        },
      );
      await markTusUploadFinished(ctx.db, id, video.id);
      await discardParts(ctx, tus, id);
      return video;
    } catch (err) {
      if (err instanceof AppError && err.statusCode < 500) await forgetUpload(ctx, tus, id);
      throw err;
    } finally {
      if (copy?.temp) await fs.rm(copy.path, { force: true });
    }
  } finally {
    await lock.unlock();
  }
}

function createStore(ctx: AppContext): { store: DataStore; directory?: string } {
  const { storage } = ctx.config;
  if (storage.kind === 's3') {
    return {
      store: new S3Store({
        partSize: S3_PART_SIZE,
        expirationPeriodInMilliseconds: TUS_EXPIRY_MS,
        s3ClientConfig: {
          bucket: storage.bucket,
          region: storage.region,
          // As the media storage does: S3-compatible stores do not all accept the SDK's trailing checksums.
          ...(storage.endpoint
            ? {
                endpoint: storage.endpoint,
                requestChecksumCalculation: 'WHEN_REQUIRED' as const,
                responseChecksumValidation: 'WHEN_REQUIRED' as const,
              }
            : {}),
          forcePathStyle: storage.forcePathStyle,
          ...(storage.accessKeyId && storage.secretAccessKey
            ? { credentials: { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey } }
            : {}),
        },
      }),
    };
  }
  const directory = path.join(ctx.config.tmpDir, 'tus');
  return { store: new FileStore({ directory, expirationPeriodInMilliseconds: TUS_EXPIRY_MS }), directory };
}

const built = new WeakMap<AppContext, TusUploads>();

/** The tus server of this process (one per context), built on first use. */
export function tusUploads(ctx: AppContext): TusUploads {
  const existing = built.get(ctx);
  if (existing) return existing;
  const { store, directory } = createStore(ctx);
  // On PostgreSQL the locks hold across API processes; the embedded database serves one process only.
  const pgLocker =
    ctx.dbKind === 'postgres' && ctx.config.databaseUrl ? new PgLocker(ctx.config.databaseUrl) : undefined;
  const locker = pgLocker ?? new MemoryLocker();
  const tus: TusUploads = {
    store,
    locker,
    directory,
    server: undefined as unknown as Server,
    close: async () => {
      built.delete(ctx);
      await pgLocker?.close();
    },
  };
  tus.server = new Server({
    path: TUS_PATH,
    datastore: store,
    locker,
    relativeLocation: true,
    namingFunction: () => randomName(),
    onIncomingRequest: (request, uploadId) => checkResolvedUpload(ctx, request, uploadId),
    onUploadCreate: async (request, upload) => {
      try {
        await admitUpload(ctx, userOf(request), upload);
      } catch (err) {
        throw err instanceof AppError ? tusErrorOf(err) : err;
      }
      return {};
    },
    onUploadFinish: async (request, upload) => {
      let video: Video;
      try {
        video = await finishTusUpload(ctx, tus, upload.id);
      } catch (err) {
        throw err instanceof AppError ? tusErrorOf(err) : err;
      }
      return {
        // PATCH answers 200 (any 2xx is fine with tus clients); a creation that carried the whole file stays 201.
        status_code: request.method === 'POST' ? 201 : 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8', [VIDEO_ID_HEADER]: String(video.id) },
        body: JSON.stringify({ video }),
      };
    },
    onResponseError: (_request, err) => {
      if (err instanceof AppError) return tusErrorOf(err);
      if ('status_code' in err) return undefined;
      ctx.log.error({ err }, 'tus upload failed');
      return {
        status_code: 500,
        body: JSON.stringify({ error: 'Something went wrong on our side. Please try again.', code: 'internal_error' }),
      };
    },
  });
  built.set(ctx, tus);
  return tus;
}

/** The error names the tus server answers with, by body text: `Upload-Offset conflict` → invalid_offset. */
const TUS_ERROR_CODES = new Map(
  Object.entries(ERRORS).map(([name, e]) => [e.body.trim(), { code: name.toLowerCase(), status: e.status_code }]),
);

/** A tus server's plain-text error as `{error, code}` (ours pass through); a lock timeout is 423, retried by clients. */
export function errorJson(status: number, body: string): { status: number; body: string } {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; code?: unknown };
    if (typeof parsed.error === 'string' && typeof parsed.code === 'string') return { status, body };
  } catch {
    // plain text: the tus server's own words
  }
  const text = body.trim();
  const known = TUS_ERROR_CODES.get(text);
  if (known?.code === 'err_lock_timeout') {
    return {
      status: 423,
      body: JSON.stringify({ error: 'The upload is busy. Try again in a moment.', code: 'upload_locked' }),
    };
  }
  let code = known?.code ?? (status === 412 ? 'tus_resumable_required' : status === 400 ? 'bad_request' : 'tus_error');
  if (code === 'err_max_size_exceeded' || code === 'err_size_exceeded') code = 'file_too_large';
  return { status, body: JSON.stringify({ error: text || 'The upload request failed', code }) };
}

/**
 * Removes uploads past their time: unfinished ones 24 h after creation (parts and record), and the record
 * of finished ones 24 h after they finished (the video stays). Returns how many.
 */
export async function sweepExpiredTusUploads(ctx: AppContext, now = Date.now()): Promise<number> {
  const tus = tusUploads(ctx);
  const before = new Date(now - TUS_EXPIRY_MS);
  let removed = 0;
  for (;;) {
    const rows = await listExpiredTusUploads(ctx.db, before, 200);
    for (const row of rows) {
      if (row.video_id === null) await discardParts(ctx, tus, row.id);
      await deleteTusUpload(ctx.db, row.id);
      removed++;
    }
    if (rows.length < 200) break;
  }
  // Parts whose record is gone (a crash between creating the parts and recording them, or a database reset).
  if (tus.directory) removed += await removeUnrecordedParts(ctx, tus.directory, before);
  if (removed > 0) ctx.log.info({ removed }, 'removed expired resumable uploads');
  return removed;
}

async function removeUnrecordedParts(ctx: AppContext, directory: string, before: Date): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(directory);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let removed = 0;
  for (const name of names) {
    const id = name.replace(/\.json$/, '');
    const stat = await fs.stat(path.join(directory, name)).catch(() => undefined);
    if (!stat?.isFile() || stat.mtime >= before) continue;
    if (TUS_ID.test(id) && (await findTusUpload(ctx.db, id))) continue;
    await fs.rm(path.join(directory, name), { force: true });
    removed++;
  }
  return removed;
}

/** Node's request body as a web stream that holds at most a few chunks: memory stays flat however large the file. */
export function requestBodyStream(raw: Readable): ReadableStream {
  return Readable.toWeb(raw, { strategy: new CountQueuingStrategy({ highWaterMark: 4 }) }) as ReadableStream;
}
