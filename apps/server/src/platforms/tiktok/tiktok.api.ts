import type { PlatformResponse, RequestOptions } from '../base-adapter';
import type { PlatformError } from '../platform-error';

const API = 'https://open.tiktokapis.com/v2';
export const TIKTOK_URLS = {
  creatorInfo: `${API}/post/publish/creator_info/query/`,
  init: `${API}/post/publish/video/init/`,
  status: `${API}/post/publish/status/fetch/`,
  videoQuery: `${API}/video/query/`,
};

/** What the publish steps need from the adapter: its HTTP with TikTok's envelope checked. */
export interface TikTokApi {
  /** A call with the bearer token; returns `data` once the envelope says `ok`. */
  call<T>(step: string, url: string, accessToken: string, opts?: RequestOptions): Promise<T>;
  /** A plain request (the upload URL, which answers without TikTok's envelope). */
  request(step: string, url: string, opts?: RequestOptions): Promise<PlatformResponse>;
  unrecognized(step: string, res: PlatformResponse | undefined, what?: string): PlatformError;
  rejected(step: string, message: string, details?: { platformCode?: string; platformMessage?: string }): PlatformError;
  /** The public address of a post, or of the profile without one (on the emulator in sandbox mode). */
  postUrl(username: string, videoId?: string): string;
}

export interface CreatorInfo {
  creator_username?: string;
  creator_nickname?: string;
  privacy_level_options: string[];
  max_video_post_duration_sec?: number;
  comment_disabled?: boolean;
  duet_disabled?: boolean;
  stitch_disabled?: boolean;
}

export async function creatorInfo(api: TikTokApi, accessToken: string): Promise<CreatorInfo> {
  const data = await api.call<Partial<CreatorInfo>>('creator_info', TIKTOK_URLS.creatorInfo, accessToken, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=UTF-8' },
  });
  if (!Array.isArray(data.privacy_level_options))
    throw api.unrecognized('creator_info', answerOf(data), 'no privacy levels');
  return data as CreatorInfo;
}

export interface PublishStatus {
  status?: string;
  fail_reason?: string;
  publicaly_available_post_id?: (string | number)[];
  uploaded_bytes?: number;
}

export function fetchStatus(api: TikTokApi, accessToken: string, publishId: string): Promise<PublishStatus> {
  return api.call<PublishStatus>('status', TIKTOK_URLS.status, accessToken, {
    json: { publish_id: publishId },
    headers: { 'content-type': 'application/json; charset=UTF-8' },
  });
}

export interface TikTokVideo {
  id?: string;
  /** The video's own address (Display API, Video Object); it needs no username. */
  share_url?: string;
  view_count?: number;
  like_count?: number;
  comment_count?: number;
  share_count?: number;
}

export async function queryVideo(
  api: TikTokApi,
  accessToken: string,
  videoId: string,
): Promise<TikTokVideo | undefined> {
  const data = await api.call<{ videos?: TikTokVideo[] }>('metrics', TIKTOK_URLS.videoQuery, accessToken, {
    query: { fields: 'id,share_url,view_count,like_count,comment_count,share_count' },
    json: { filters: { video_ids: [videoId] } },
    headers: { 'content-type': 'application/json; charset=UTF-8' },
  });
  if (!Array.isArray(data.videos)) throw api.unrecognized('metrics', answerOf(data), 'no video list');
  return data.videos.find((v) => String(v.id) === videoId);
}

/** A parsed answer as the response it came in, so an unrecognized one keeps its raw text for the person. */
export const answerOf = (raw: unknown): PlatformResponse => ({
  status: 200,
  headers: {},
  text: JSON.stringify(raw) ?? '',
  body: raw,
});
