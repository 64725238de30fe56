import type { Video, VideoImportRequest } from '@fanout/contracts';
import type { AppContext } from '../../context';
import { APP_VERSION } from '../../version';
import { usedBytes } from '../storage-usage.service';
import { fileTooLarge, FILE_FIELD, MalformedUploadError, receiveUpload, type UploadPart } from '../upload.service';
import { quotaExceeded } from './accept-upload';
import { importInterrupted, importTimedOut, openRemoteFile, type RemoteFetchOptions } from './fetch-remote-file';

/** The file name an address ends with (`clip.mp4` of `https://cdn.example/media/clip.mp4?sig=…`), or ''. */
export function fileNameOf(url: URL): string {
  const last = url.pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * Refused before a byte is read: a Content-Length over UPLOAD_MAX_BYTES (413 file_too_large) or over the owner's
 * storage left (413 quota_exceeded). A body that grows past them anyway is cut off as it arrives (receiveUpload).
 */
async function checkDeclaredSize(ctx: AppContext, ownerId: number, declared: number | undefined) {
  if (declared === undefined) return;
  const { uploadMaxBytes, storageQuotaBytes } = ctx.config;
  if (declared > uploadMaxBytes) throw fileTooLarge(uploadMaxBytes);
  const used = await usedBytes(ctx, ownerId);
  if (declared > storageQuotaBytes - used) throw quotaExceeded(used, storageQuotaBytes);
}

/**
 * The import as the parts of an upload form, in the order receiveUpload checks them: the project (its access
 * and owner are checked before anything is fetched), the title, then the file as the address sends it.
 */
async function* importParts(
  ctx: AppContext,
  ownerId: number,
  request: VideoImportRequest,
  options: RemoteFetchOptions,
): AsyncGenerator<UploadPart> {
  yield { type: 'field', fieldname: 'project_id', value: String(request.projectId) };
  if (request.title) yield { type: 'field', fieldname: 'title', value: request.title };
  const remote = await openRemoteFile(request.url, options);
  try {
    await checkDeclaredSize(ctx, ownerId, remote.declaredBytes);
    const filename = fileNameOf(new URL(request.url)) || fileNameOf(remote.finalUrl) || 'Imported video';
    yield { type: 'file', fieldname: FILE_FIELD, filename };
    let received = 0;
    try {
      for await (const chunk of remote.body as AsyncIterable<Buffer>) {
        received += chunk.length;
        yield { type: 'data', chunk };
      }
    } catch {
      throw options.deadline.aborted ? importTimedOut(options.timeoutMs / 1000) : importInterrupted();
    }
    if (remote.declaredBytes !== undefined && received < remote.declaredBytes) throw importInterrupted();
    yield { type: 'fileEnd' };
  } finally {
    remote.body.destroy();
  }
}

/**
 * POST /api/videos/import: the server fetches an http(s) address (openRemoteFile: SSRF-guarded, time-bounded)
 * and the file becomes a video exactly as an upload does (receiveUpload: size cap, the owner's quota, duplicate
 * check, ffprobe, thumbnail, activity). `ownerId`: the project's owner, the caller's right to edit it checked.
 * Whatever fails, nothing is kept: the connection is closed, the temp file removed, no row written.
 */
export async function importFromUrl(
  ctx: AppContext,
  actorId: number,
  ownerId: number,
  request: VideoImportRequest,
): Promise<Video> {
  const { allowPrivate, connectTimeoutMs, timeoutMs } = ctx.config.imports;
  const options: RemoteFetchOptions = {
    allowPrivate,
    connectTimeoutMs,
    timeoutMs,
    deadline: AbortSignal.timeout(timeoutMs),
    userAgent: `${ctx.config.productName}-Import/${APP_VERSION}`,
  };
  const parts = importParts(ctx, ownerId, request, options);
  try {
    return await receiveUpload(ctx, actorId, parts);
  } catch (err) {
    // The fetch's own refusals come back wrapped as a broken request stream would.
    throw err instanceof MalformedUploadError ? err.cause : err;
  } finally {
    // Closes the connection to the address when the upload stopped reading it before its end.
    await parts.return(undefined);
  }
}
