import type { PlatformResponse } from '../base-adapter';
import type { PublishRequest } from '../platform-adapter';
import { YOUTUBE_URLS, type YouTubeApi } from './youtube.api';

/** Chunks must be multiples of 256 KiB (all but the last); 4 MiB keeps the number of round trips low. */
export const CHUNK_BYTES = 16 * 256 * 1024;
const PRIVACY = new Set(['public', 'unlisted', 'private']);

/** The video resource sent with the session: the title, the caption as description, tags, privacy. */
export function videoResource(request: PublishRequest) {
  const o = request.post.options;
  return {
    snippet: {
      title: request.post.title,
      description: request.post.caption,
      tags: request.post.tags,
      categoryId: typeof o.categoryId === 'string' || typeof o.categoryId === 'number' ? String(o.categoryId) : '22',
    },
    status: {
      privacyStatus: typeof o.privacy === 'string' && PRIVACY.has(o.privacy) ? o.privacy : 'private',
      selfDeclaredMadeForKids: o.madeForKids === true,
      containsSyntheticMedia: o.containsSyntheticMedia === true,
      // Left out, YouTube's defaults apply: the standard license, embeddable, statistics shown.
      license: o.license === 'creativeCommon' ? 'creativeCommon' : 'youtube',
      embeddable: o.embeddable !== false,
      publicStatsViewable: o.publicStatsViewable !== false,
    },
  };
}

/** Opens a resumable session; its URI comes back in `Location`. */
export async function startSession(api: YouTubeApi, request: PublishRequest): Promise<string> {
  const res = await api.request('session', YOUTUBE_URLS.upload, request.account.accessToken, {
    method: 'POST',
    // Subscribers are told of the new video unless the person turned it off (YouTube's default is true).
    query: {
      uploadType: 'resumable',
      part: 'snippet,status',
      notifySubscribers: String(request.post.options.notifySubscribers !== false),
    },
    headers: {
      'content-type': 'application/json; charset=UTF-8',
      'x-upload-content-length': String(request.video.sizeBytes),
      'x-upload-content-type': request.video.mimeType,
    },
    body: JSON.stringify(videoResource(request)),
  });
  const location = res.headers.location;
  if (!location) throw api.unrecognized('session', res, 'no session URI (Location)');
  return new URL(location, YOUTUBE_URLS.upload).toString();
}

/** Where an upload stands: the next byte the platform wants, or the finished video's id. */
export type UploadState = { offset: number; videoId?: undefined } | { offset: number; videoId: string };

function readState(api: YouTubeApi, step: string, res: PlatformResponse, total: number): UploadState {
  if (res.status === 308) {
    // The platform says what it holds; it may be less than what was sent.
    const range = /bytes=(\d+)-(\d+)/.exec(res.headers.range ?? '');
    return { offset: range ? Number(range[2]) + 1 : 0 };
  }
  const id = (res.body as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string') throw api.unrecognized(step, res, 'a finished upload without a video id');
  return { offset: total, videoId: id };
}

/** `Content-Range: bytes * /total` with no body: asks the session how many bytes it holds. */
export async function queryUpload(api: YouTubeApi, request: PublishRequest, sessionUrl: string): Promise<UploadState> {
  const total = request.video.sizeBytes;
  const res = await api.request('upload', sessionUrl, request.account.accessToken, {
    method: 'PUT',
    headers: { 'content-range': `bytes */${total}`, 'content-length': '0' },
    body: '',
    accept: [308],
  });
  return readState(api, 'upload', res, total);
}

/** Sends bytes `offset`… of one chunk. */
export async function sendChunk(
  api: YouTubeApi,
  request: PublishRequest,
  sessionUrl: string,
  offset: number,
): Promise<UploadState> {
  const total = request.video.sizeBytes;
  const end = Math.min(offset + CHUNK_BYTES, total) - 1;
  const res = await api.request('upload', sessionUrl, request.account.accessToken, {
    method: 'PUT',
    headers: {
      'content-type': request.video.mimeType,
      'content-length': String(end - offset + 1),
      'content-range': `bytes ${offset}-${end}/${total}`,
    },
    body: request.video.read({ start: offset, end }),
    accept: [308],
  });
  return readState(api, 'upload', res, total);
}
