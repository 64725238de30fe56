import fs from 'node:fs';
import path from 'node:path';
import { ApiError } from '../api/api-error';
import type { Connection, Schemas } from '../api/client';
import type { ResumeStore } from './resume-store';

/** Each PATCH carries at most this much: a run that is stopped loses no more than one chunk's progress. */
export const DEFAULT_CHUNK_BYTES = 8 * 1024 * 1024;

export interface UploadOptions {
  connection: Connection;
  file: string;
  projectId: number;
  title?: string;
  store: ResumeStore;
  chunkBytes?: number;
  onProgress?: (sent: number, total: number) => void;
  /** Stops sending; the upload stays resumable. */
  signal?: AbortSignal;
}

export interface UploadResult {
  video: Schemas['Video'];
  /** The byte the upload went on from (0 for a new one). */
  resumedFrom: number;
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/**
 * Sends a file through the server's tus 1.0 endpoint (docs/uploads.md): creates the upload, records its
 * address in `store`, then PATCHes chunk after chunk from the offset the server reports. A later call for the
 * same file, project and server asks the server (HEAD) how far it got and sends only the rest.
 */
export async function uploadVideo(options: UploadOptions): Promise<UploadResult> {
  const { connection, file, projectId, store, signal } = options;
  const size = fs.statSync(file).size;
  const key = resumeKey(connection.url, projectId, file);
  const request = async (url: string, init: RequestInit, headers: Record<string, string> = {}) => {
    try {
      return await fetch(new URL(url, connection.url), {
        ...init,
        signal,
        headers: { Authorization: `Bearer ${connection.token}`, 'Tus-Resumable': '1.0.0', ...headers },
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      throw ApiError.unreachable(connection.url, err);
    }
  };

  let uploadUrl = store.get(key);
  let offset = 0;
  let resumedFrom = 0;
  if (uploadUrl) {
    const head = await request(uploadUrl, { method: 'HEAD' });
    const videoId = Number(head.headers.get('Fanout-Video-Id'));
    if (head.ok && videoId > 0) return { video: await getVideo(request, videoId), resumedFrom: size };
    if (head.ok) offset = resumedFrom = Number(head.headers.get('Upload-Offset'));
    else if (head.status === 404 || head.status === 410) uploadUrl = undefined;
    else throw await ApiError.from(head);
  }
  if (!uploadUrl) {
    const metadata = [
      `project_id ${b64(String(projectId))}`,
      `filename ${b64(path.basename(file))}`,
      ...(options.title ? [`title ${b64(options.title)}`] : []),
    ].join(',');
    const created = await request(
      '/api/tus',
      { method: 'POST' },
      { 'Upload-Length': String(size), 'Upload-Metadata': metadata },
    );
    if (created.status !== 201) throw await ApiError.from(created);
    uploadUrl = new URL(created.headers.get('Location')!, connection.url).pathname;
    store.set(key, uploadUrl);
  }

  const chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  const handle = await fs.promises.open(file, 'r');
  try {
    for (;;) {
      options.onProgress?.(offset, size);
      const length = Math.min(chunkBytes, size - offset);
      const chunk = Buffer.alloc(length);
      await handle.read(chunk, 0, length, offset);
      const res = await request(
        uploadUrl,
        { method: 'PATCH', body: chunk },
        { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset) },
      );
      if (res.status === 200) {
        store.delete(key);
        options.onProgress?.(size, size);
        return { video: ((await res.json()) as { video: Schemas['Video'] }).video, resumedFrom };
      }
      if (res.status !== 204) {
        // A finished upload that failed its checks (not a video) is gone from the server: start afresh next time.
        if (res.status === 422 || res.status === 404) store.delete(key);
        throw await ApiError.from(res);
      }
      offset = Number(res.headers.get('Upload-Offset'));
    }
  } finally {
    await handle.close();
  }
}

/** The same file (by path, size and change time) to the same project on the same server. */
function resumeKey(url: string, projectId: number, file: string): string {
  const stat = fs.statSync(file);
  return JSON.stringify([url, projectId, path.resolve(file), stat.size, Math.round(stat.mtimeMs)]);
}

async function getVideo(
  request: (url: string, init: RequestInit) => Promise<Response>,
  id: number,
): Promise<Schemas['Video']> {
  const res = await request(`/api/videos/${id}`, { method: 'GET' });
  if (!res.ok) throw await ApiError.from(res);
  return ((await res.json()) as { video: Schemas['Video'] }).video;
}
