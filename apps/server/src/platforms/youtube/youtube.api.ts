import type { AdapterOptions, PlatformResponse, RequestOptions } from '../base-adapter';
import type { PlatformError } from '../platform-error';

export const YOUTUBE_URLS = {
  upload: 'https://www.googleapis.com/upload/youtube/v3/videos',
  videos: 'https://www.googleapis.com/youtube/v3/videos',
  channels: 'https://www.googleapis.com/youtube/v3/channels',
};

/** What the publish steps need from the adapter. */
export interface YouTubeApi {
  /** A request with the bearer token. */
  request(step: string, url: string, accessToken: string, opts?: RequestOptions): Promise<PlatformResponse>;
  unrecognized(step: string, res: PlatformResponse | undefined, what?: string): PlatformError;
  rejected(step: string, message: string, details?: { platformCode?: string; platformMessage?: string }): PlatformError;
  /** The public address of a video (on the emulator in sandbox mode). */
  watchUrl(videoId: string): string;
  /**
   * Upload sessions whose offset this process learnt from the platform's own answer to its last chunk.
   * Any other session (after a crash, another worker, a failed chunk) is asked where it stands first.
   */
  knownOffsets: Map<string, number>;
  /** The live project's stage (YOUTUBE_API_VERIFIED); unset in the sandbox. */
  stages: AdapterOptions['stages'];
}

export interface YouTubeVideo {
  id?: string;
  status?: {
    uploadStatus?: string;
    failureReason?: string;
    rejectionReason?: string;
    privacyStatus?: string;
  };
  processingDetails?: { processingStatus?: string; processingFailureReason?: string };
  statistics?: { viewCount?: string; likeCount?: string; commentCount?: string };
}

export async function getVideo(
  api: YouTubeApi,
  step: string,
  accessToken: string,
  id: string,
  part: string,
): Promise<YouTubeVideo | undefined> {
  const res = await api.request(step, YOUTUBE_URLS.videos, accessToken, { query: { part, id } });
  const items = (res.body as { items?: unknown } | undefined)?.items;
  if (!Array.isArray(items)) throw api.unrecognized(step, res, 'a video list without items');
  return (items as YouTubeVideo[]).find((v) => v.id === id);
}

/** A parsed answer as the response it came in, so an unrecognized one keeps its raw text for the person. */
export const answerOf = (raw: unknown): PlatformResponse => ({
  status: 200,
  headers: {},
  text: JSON.stringify(raw) ?? '',
  body: raw,
});
