import { TIKTOK_DISCLOSURE_TEXT, tiktokBrandToggles } from '@fanout/contracts';
import type { PublishedPost, PublishJournal, PublishRequest, PublishStepResult } from '../platform-adapter';
import { answerOf, creatorInfo, fetchStatus, TIKTOK_URLS, type TikTokApi } from './tiktok.api';
import { chunkRange, planChunks } from './tiktok.chunks';
import { tiktokCoverField } from './tiktok.cover';

/** Between status fetches (status/fetch allows 30 a minute per token). */
const STATUS_POLL_MS = 3_000;
const PROCESSING = new Set(['PROCESSING_UPLOAD', 'PROCESSING_DOWNLOAD', 'SEND_TO_USER_INBOX']);

interface UploadJournal extends PublishJournal {
  step: 'upload' | 'status';
  publishId: string;
  uploadUrl: string;
  username: string;
  size: number;
  chunkSize: number;
  totalChunkCount: number;
  nextChunk: number;
}

/**
 * TikTok direct post: creator_info → init (FILE_UPLOAD) → one chunk PUT per step → status fetch until
 * PUBLISH_COMPLETE. There is no separate create: the post exists once the last chunk is in.
 */
export async function tiktokPublishStep(
  api: TikTokApi,
  request: PublishRequest,
  journal: PublishJournal | null,
): Promise<PublishStepResult> {
  if (!journal) return start(api, request);
  const j = journal as UploadJournal;
  if (j.step === 'upload') return uploadChunk(api, request, j);
  if (j.step === 'status') return pollStatus(api, request, j);
  throw api.rejected('publish', `unknown publish step "${journal.step}"`);
}

async function start(api: TikTokApi, request: PublishRequest): Promise<PublishStepResult> {
  const options = request.post.options;
  const privacyLevel = options.privacyLevel;
  if (typeof privacyLevel !== 'string' || !privacyLevel)
    throw api.rejected('init', 'TikTok needs a privacy level chosen for this post (privacyLevel)');
  const brand = tiktokBrandToggles(options);
  // TikTok's Branded Content Policy: branded content is never private (Content Sharing Guidelines, 3).
  if (brand.brandContent && privacyLevel === 'SELF_ONLY')
    throw api.rejected('init', `TikTok: ${TIKTOK_DISCLOSURE_TEXT.brandedPrivate}`);
  const token = request.account.accessToken;
  const info = await creatorInfo(api, token);
  if (!info.privacy_level_options.includes(privacyLevel))
    throw api.rejected(
      'init',
      `TikTok does not offer the privacy level ${privacyLevel} to this account (it offers ${info.privacy_level_options.join(', ')})`,
      { platformCode: 'privacy_level_option_mismatch' },
    );
  const maxSeconds = info.max_video_post_duration_sec;
  const duration = request.video.durationSeconds;
  if (maxSeconds && duration && duration > maxSeconds)
    throw api.rejected(
      'init',
      `TikTok lets this account post videos of at most ${maxSeconds} s (this one: ${duration} s)`,
    );

  const size = request.video.sizeBytes;
  const plan = planChunks(size);
  const data = await api.call<{ publish_id?: string; upload_url?: string }>('init', TIKTOK_URLS.init, token, {
    headers: { 'content-type': 'application/json; charset=UTF-8' },
    json: {
      post_info: {
        title: request.post.caption,
        privacy_level: privacyLevel,
        // Interactions stay off unless the person allowed them and the creator's settings permit them.
        disable_comment: options.allowComments !== true || info.comment_disabled === true,
        disable_duet: options.allowDuet !== true || info.duet_disabled === true,
        disable_stitch: options.allowStitch !== true || info.stitch_disabled === true,
        // The commercial-content disclosure: "Your brand" and "Branded content" (Content Sharing Guidelines, 3).
        brand_organic_toggle: brand.brandOrganic,
        brand_content_toggle: brand.brandContent,
        ...tiktokCoverField(request),
        // TikTok's "AI-generated content" label.
        is_aigc: options.isAigc === true,
      },
      source_info: {
        source: 'FILE_UPLOAD',
        video_size: size,
        chunk_size: plan.chunkSize,
        total_chunk_count: plan.totalChunkCount,
      },
    },
  });
  if (typeof data.publish_id !== 'string' || typeof data.upload_url !== 'string')
    throw api.unrecognized('init', answerOf(data), 'no publish_id or upload_url');
  const next: UploadJournal = {
    step: 'upload',
    publishId: data.publish_id,
    uploadUrl: data.upload_url,
    username: info.creator_username ?? request.account.extra.username ?? '',
    size,
    chunkSize: plan.chunkSize,
    totalChunkCount: plan.totalChunkCount,
    nextChunk: 0,
  };
  return { done: false, journal: next, progress: { bytesSent: 0, bytesTotal: size } };
}

async function uploadChunk(api: TikTokApi, request: PublishRequest, j: UploadJournal): Promise<PublishStepResult> {
  const { start, end } = chunkRange(j, j.size, j.nextChunk);
  await api.request('upload', j.uploadUrl, {
    method: 'PUT',
    headers: {
      'content-type': request.video.mimeType,
      'content-length': String(end - start + 1),
      'content-range': `bytes ${start}-${end}/${j.size}`,
    },
    body: request.video.read({ start, end }),
  });
  const nextChunk = j.nextChunk + 1;
  const last = nextChunk >= j.totalChunkCount;
  return {
    done: false,
    journal: { ...j, step: last ? 'status' : 'upload', nextChunk },
    progress: { bytesSent: end + 1, bytesTotal: j.size },
  };
}

async function pollStatus(api: TikTokApi, request: PublishRequest, j: UploadJournal): Promise<PublishStepResult> {
  const status = await fetchStatus(api, request.account.accessToken, j.publishId);
  const post = publishedPost(api, j, status);
  if (post) return { done: true, journal: { ...j, step: 'done', platformPostId: post.platformPostId }, post };
  if (status.status === 'FAILED')
    throw api.rejected('status', `TikTok did not publish the video: ${status.fail_reason ?? 'no reason given'}`, {
      platformCode: status.fail_reason,
      platformMessage: status.fail_reason,
    });
  if (status.status && PROCESSING.has(status.status))
    return { done: false, journal: j, waitMs: STATUS_POLL_MS, progress: { bytesSent: j.size, bytesTotal: j.size } };
  throw api.unrecognized('status', answerOf(status), `an unknown publish status "${status.status}"`);
}

export function publishedPost(
  api: TikTokApi,
  j: { username: string; publishId: string },
  status: { status?: string; publicaly_available_post_id?: (string | number)[] },
): PublishedPost | null {
  if (status.status !== 'PUBLISH_COMPLETE') return null;
  const id = status.publicaly_available_post_id?.[0];
  // A post only its author may see has no public id yet: the publish id stands for it until then.
  if (id === undefined) return { platformPostId: j.publishId, url: api.postUrl(j.username) };
  return { platformPostId: String(id), url: api.postUrl(j.username, String(id)) };
}
