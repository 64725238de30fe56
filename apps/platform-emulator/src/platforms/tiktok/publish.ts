import { randomBytes } from 'node:crypto';
import type { EmulatorContext, RouteApi } from '../../core/context';
import type { EmuRequest } from '../../core/http';
import { creatorOf, LIMITS } from './accounts';
import { directPostStage, privacyLevelOptions } from './direct-post-rules';
import { apiError, authorize, invalidParams, jsonObject, ok, type RateWindows } from './envelopes';
import { checkChunks, newPublishId, newUploadId, publishes, type Publish } from './publishes';

const FLAGS = [
  'disable_duet',
  'disable_comment',
  'disable_stitch',
  'brand_content_toggle',
  'brand_organic_toggle',
  'is_aigc',
];

export function registerPublish(api: RouteApi, ctx: EmulatorContext, windows: RateWindows) {
  api.route('POST', 'open.tiktokapis.com', '/v2/post/publish/creator_info/query/', 'creator_info', (req) => {
    const auth = authorize(ctx, windows, req, 'creator_info', 'video.publish');
    if (!auth.ok) return auth.res;
    const creator = creatorOf(auth.token.accountId);
    return ok({
      creator_avatar_url: ctx.avatarUrl('tiktok', creator.openId),
      creator_username: creator.username,
      creator_nickname: creator.displayName,
      privacy_level_options: privacyLevelOptions(ctx, auth.token.accountId),
      comment_disabled: false,
      duet_disabled: false,
      stitch_disabled: true,
      max_video_post_duration_sec: LIMITS.maxVideoPostDurationSec,
    });
  });

  api.route('POST', 'open.tiktokapis.com', '/v2/post/publish/video/init/', 'init', (req) =>
    init(ctx, windows, req, 'direct'),
  );
  api.route('POST', 'open.tiktokapis.com', '/v2/post/publish/inbox/video/init/', 'init', (req) =>
    init(ctx, windows, req, 'inbox'),
  );
}

async function init(ctx: EmulatorContext, windows: RateWindows, req: EmuRequest, mode: Publish['mode']) {
  const auth = authorize(ctx, windows, req, 'init', mode === 'direct' ? 'video.publish' : 'video.upload');
  if (!auth.ok) return auth.res;
  const body = await jsonObject(req);
  if (!body) return invalidParams('The request body must be a JSON object.');

  let title = '';
  let privacyLevel: string | undefined;
  let brand: Pick<Publish, 'brandOrganic' | 'brandContent' | 'isAigc'> = {};
  let coverFrameMs: number | undefined;
  if (mode === 'direct') {
    const post = body.post_info;
    if (!post || typeof post !== 'object') return invalidParams('post_info is required.');
    const info = post as Record<string, unknown>;
    if (info.title !== undefined && typeof info.title !== 'string')
      return invalidParams('post_info.title must be a string.');
    title = (info.title as string | undefined) ?? '';
    // String length counts UTF-16 code units, as TikTok does.
    if (title.length > LIMITS.titleMaxUtf16)
      return invalidParams(`post_info.title: at most ${LIMITS.titleMaxUtf16} UTF-16 code units (got ${title.length}).`);
    if (info.privacy_level === undefined || info.privacy_level === '')
      return invalidParams('post_info.privacy_level is required.');
    const offered = privacyLevelOptions(ctx, auth.token.accountId);
    if (typeof info.privacy_level !== 'string' || !offered.includes(info.privacy_level))
      return apiError(
        400,
        'privacy_level_option_mismatch',
        `post_info.privacy_level must be one of creator_info's privacy_level_options: ${offered.join(', ')}.`,
      );
    privacyLevel = info.privacy_level;
    const badFlag = FLAGS.find((f) => info[f] !== undefined && typeof info[f] !== 'boolean');
    if (badFlag) return invalidParams(`post_info.${badFlag} must be a boolean.`);
    // Content Sharing Guidelines, "Required UX Implementation" 3: branded content cannot be private.
    if (info.brand_content_toggle === true && privacyLevel === 'SELF_ONLY')
      return invalidParams('post_info: Branded content visibility cannot be set to private (SELF_ONLY).');
    brand = {
      brandOrganic: info.brand_organic_toggle === true,
      brandContent: info.brand_content_toggle === true,
      isAigc: info.is_aigc === true,
    };
    const cover = info.video_cover_timestamp_ms;
    if (cover !== undefined && !(Number.isSafeInteger(cover) && (cover as number) >= 0))
      return invalidParams('post_info.video_cover_timestamp_ms must be a non-negative whole number.');
    coverFrameMs = cover as number | undefined;
  }

  const source = body.source_info as Record<string, unknown> | undefined;
  if (!source || typeof source !== 'object') return invalidParams('source_info is required.');
  if (source.source === 'PULL_FROM_URL')
    return apiError(403, 'url_ownership_unverified', 'The domain of video_url is not verified for this app.');
  if (source.source !== 'FILE_UPLOAD') return invalidParams('source_info.source must be FILE_UPLOAD or PULL_FROM_URL.');
  const wrong = checkChunks(source.video_size, source.chunk_size, source.total_chunk_count);
  if (wrong) return invalidParams(wrong);

  let applied = privacyLevel;
  if (mode === 'direct') {
    const stage = directPostStage(ctx, auth.token, privacyLevel!);
    if (!stage.ok) return stage.res;
    applied = stage.privacyLevel;
  }

  if (ctx.faults.take('tiktok', 'init', ['duplicate']))
    return apiError(403, 'spam_risk_too_many_posts', 'The user has posted too many times in the last 24 hours.');

  const uploadId = newUploadId();
  const publish: Publish = {
    publishId: newPublishId(),
    uploadId,
    uploadToken: randomBytes(18).toString('base64url'),
    accountId: auth.token.accountId,
    mode,
    title,
    clientId: auth.token.clientId,
    privacyLevel: applied,
    requestedPrivacyLevel: privacyLevel,
    ...brand,
    ...(coverFrameMs !== undefined ? { coverFrameMs } : {}),
    videoSize: source.video_size as number,
    chunkSize: source.chunk_size as number,
    totalChunks: source.total_chunk_count as number,
    chunksReceived: 0,
    blobId: `tiktok-${uploadId}`,
    createdAt: ctx.now(),
    state: 'uploading',
  };
  publishes(ctx).set(publish.publishId, publish);
  const query = new URLSearchParams({ upload_id: uploadId, upload_token: publish.uploadToken });
  return ok({
    publish_id: publish.publishId,
    upload_url: ctx.apiUrl('open-upload.tiktokapis.com', `/video/?${query}`),
  });
}
