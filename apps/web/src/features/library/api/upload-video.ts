import { defaultOptions, DetailedError, Upload, type HttpResponse, type PreviousUpload } from 'tus-js-client';
import type { ErrorBody, Video, VideoResponse } from '@fanout/contracts';
import { API_BASE, ApiError, authHeaders, handleUnauthorized } from '@/lib/api-client';
import { getVideo } from './get-video';

export const TUS_PATH = `${API_BASE}/tus`;

/** The tus 1.0 endpoint uploads are created at, absolute (the server answers with a path to resolve against it). */
export function tusEndpoint(): string {
  return new URL(TUS_PATH, window.location.href).href;
}
/** Each PATCH carries at most this much: a cut request loses no more than one chunk's progress. */
export const UPLOAD_CHUNK_BYTES = 32 * 1024 * 1024;
/** Waits before each new attempt after a dropped connection or a busy server; then the upload is marked failed. */
export const UPLOAD_RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

export const INTERRUPTED_MESSAGE = 'The upload was interrupted. Check your connection and try again.';

/** A file the browser keeps sending to the server through tus. */
export interface VideoUpload {
  /** Starts, or after a failure resumes from the last byte the server has. */
  start(): void;
  /** Stops sending; with `discard` the server's partial upload and the stored resume point are deleted too. */
  abort(discard?: boolean): Promise<void>;
  /** The upload's address on the server, once created. */
  readonly url: string | null;
}

interface UploadArgs {
  file: File;
  title: string;
  projectId: number;
  /** Keep the file even when the project has it already ("Keep both"). */
  allowDuplicate?: boolean;
  onProgress: (percent: number) => void;
  /** The server's video; null when the server had every byte already and answered without it. */
  onSuccess: (video: Video | null) => void;
  onError: (error: ApiError) => void;
  /** A stored upload of this same file to carry on with. */
  previous?: PreviousUpload;
}

function parse<T>(text: string | undefined): Partial<T> {
  try {
    return (JSON.parse(text ?? '') ?? {}) as Partial<T>;
  } catch {
    return {};
  }
}

function statusOf(error: unknown): number {
  return error instanceof DetailedError && error.originalResponse ? error.originalResponse.getStatus() : 0;
}

function toApiError(error: Error | DetailedError): ApiError {
  const res = error instanceof DetailedError ? error.originalResponse : null;
  if (!res || res.getStatus() === 0) return new ApiError(0, 'network_error', INTERRUPTED_MESSAGE);
  const body = parse<ErrorBody>(res.getBody());
  return new ApiError(res.getStatus(), body.code ?? 'upload_failed', body.error ?? 'Upload failed', body);
}

/** The video the server made of the finished upload: in the last answer's body, or named by a header. */
async function videoOf(res: HttpResponse): Promise<Video | null> {
  const body = parse<VideoResponse>(res.getBody());
  if (body.video) return body.video;
  const id = Number(res.getHeader('Fanout-Video-Id'));
  if (Number.isInteger(id) && id > 0) return (await getVideo(id)).video;
  return null;
}

/**
 * Sends a video through tus 1.0 in chunks, with the session's bearer token on every request. Each chunk the
 * server acknowledges is a resume point: a dropped connection is retried from the server's offset, and the
 * upload's address is kept in localStorage so that a reopened tab can carry on with the same file.
 */
export function createVideoUpload({
  file,
  title,
  projectId,
  allowDuplicate,
  onProgress,
  onSuccess,
  onError,
  previous,
}: UploadArgs): VideoUpload {
  const upload = new Upload(file, {
    endpoint: tusEndpoint(),
    chunkSize: UPLOAD_CHUNK_BYTES,
    retryDelays: UPLOAD_RETRY_DELAYS,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    metadata: {
      filename: file.name,
      filetype: file.type,
      project_id: String(projectId),
      title,
      ...(allowDuplicate ? { allow_duplicate: 'true' } : {}),
    },
    onBeforeRequest: (req) => {
      for (const [name, value] of Object.entries(authHeaders())) req.setHeader(name, value);
      req.setHeader('Accept', 'application/json');
    },
    onAfterResponse: (_req, res) => {
      if (res.getStatus() === 401) handleUnauthorized();
    },
    // Lost connections, server errors, a busy server (429), a locked or moved-on upload: try again from the
    // server's offset. Any other refusal (quota, not a video, signed out) is final.
    onShouldRetry: (error) => {
      // Offline, the upload waits for the browser to be back online rather than spending its retries.
      if (!navigator.onLine) return false;
      const status = statusOf(error);
      return status === 0 || status >= 500 || [409, 423, 429].includes(status);
    },
    onProgress: (sent, total) => onProgress(total > 0 ? Math.round((sent / total) * 100) : 0),
    onSuccess: ({ lastResponse }) => {
      videoOf(lastResponse).then(onSuccess, (error: unknown) =>
        onError(error instanceof ApiError ? error : new ApiError(0, 'network_error', INTERRUPTED_MESSAGE)),
      );
    },
    onError: (error) => onError(toApiError(error)),
  });
  if (previous) upload.resumeFromPreviousUpload(previous);
  return {
    start: () => upload.start(),
    abort: async (discard = false) => {
      await upload.abort(discard).catch(() => undefined);
      if (discard && previous?.urlStorageKey) await forgetStoredUpload(previous);
    },
    get url() {
      return upload.url;
    },
  };
}

/** Stored uploads of this same file (same name, type, size and modification time) that did not finish. */
export async function findStoredUploads(file: File): Promise<PreviousUpload[]> {
  const fingerprint = await defaultOptions.fingerprint(file, { endpoint: tusEndpoint() });
  return defaultOptions.urlStorage.findUploadsByFingerprint(fingerprint);
}

/** Every upload this browser started and did not finish, newest first. */
export async function findAllStoredUploads(): Promise<PreviousUpload[]> {
  const all = await defaultOptions.urlStorage.findAllUploads();
  return all
    .filter(
      (entry) =>
        typeof entry.uploadUrl === 'string' &&
        new URL(entry.uploadUrl, window.location.href).pathname.startsWith(`${TUS_PATH}/`),
    )
    .sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime));
}

export async function forgetStoredUpload(entry: PreviousUpload) {
  await defaultOptions.urlStorage.removeUpload(entry.urlStorageKey);
}

/** Forgets a stored upload here and deletes its bytes on the server (which sweeps them later if this fails). */
export async function discardStoredUpload(entry: PreviousUpload) {
  await forgetStoredUpload(entry);
  if (!entry.uploadUrl) return;
  await Upload.terminate(entry.uploadUrl, {
    retryDelays: null,
    onBeforeRequest: (req) => {
      for (const [name, value] of Object.entries(authHeaders())) req.setHeader(name, value);
    },
  }).catch(() => undefined);
}

/** Whether `file` is the file a stored upload was made of. */
export async function isFileOf(entry: PreviousUpload, file: File): Promise<boolean> {
  const fingerprint = await defaultOptions.fingerprint(file, { endpoint: tusEndpoint() });
  return entry.urlStorageKey.startsWith(`tus::${fingerprint}::`);
}

/** How far the server got with a stored upload: its offset and length, or 'gone' when the server no longer has it. */
export async function storedUploadOffset(
  entry: PreviousUpload,
): Promise<{ offset: number; length: number } | 'gone' | null> {
  if (!entry.uploadUrl) return 'gone';
  const req = defaultOptions.httpStack.createRequest('HEAD', entry.uploadUrl);
  req.setHeader('Tus-Resumable', '1.0.0');
  for (const [name, value] of Object.entries(authHeaders())) req.setHeader(name, value);
  let res: HttpResponse;
  try {
    res = await req.send(null);
  } catch {
    return null;
  }
  const status = res.getStatus();
  if (status === 401) {
    handleUnauthorized();
    return null;
  }
  if (status === 403 || status === 404 || status === 410) return 'gone';
  const offset = Number(res.getHeader('Upload-Offset'));
  const length = Number(res.getHeader('Upload-Length'));
  if (status < 200 || status >= 300 || !Number.isFinite(offset) || !(length > 0)) return null;
  return { offset, length };
}
