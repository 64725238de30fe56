import type { EmulatorContext, RouteApi } from '../../core/context';
import { errorPage, postPage } from '../../core/pages';
import { grownMetrics } from '../../core/published';
import { creatorOf, LIMITS, postPath } from './accounts';
import { authorize, invalidParams, jsonObject, ok, type RateWindows } from './envelopes';
import { publishes, settle, uploadedBytes, type Publish } from './publishes';

const STATUS: Record<Publish['state'], (p: Publish) => string> = {
  uploading: () => 'PROCESSING_UPLOAD',
  processing: () => 'PROCESSING_UPLOAD',
  complete: (p) => (p.mode === 'direct' ? 'PUBLISH_COMPLETE' : 'SEND_TO_USER_INBOX'),
  failed: () => 'FAILED',
};

const VIDEO_FIELDS = [
  'id',
  'create_time',
  'cover_image_url',
  'share_url',
  'video_description',
  'duration',
  'height',
  'width',
  'title',
  'embed_html',
  'embed_link',
  'like_count',
  'comment_count',
  'share_count',
  'view_count',
];

export function registerStatus(api: RouteApi, ctx: EmulatorContext, windows: RateWindows) {
  api.route('POST', 'open.tiktokapis.com', '/v2/post/publish/status/fetch/', 'status', async (req) => {
    const auth = authorize(ctx, windows, req, 'status', ['video.publish', 'video.upload']);
    if (!auth.ok) return auth.res;
    const body = await jsonObject(req);
    const publishId = body?.publish_id;
    if (typeof publishId !== 'string' || !publishId) return invalidParams('publish_id is required.');
    const found = publishes(ctx).get(publishId);
    if (!found || found.accountId !== auth.token.accountId)
      return invalidParams(`publish_id: no publish ${publishId}.`);
    const p = settle(ctx, found);
    return ok({
      status: STATUS[p.state](p),
      ...(p.state === 'failed' ? { fail_reason: p.failReason } : {}),
      publicaly_available_post_id: p.postId ? [p.postId] : [],
      uploaded_bytes: uploadedBytes(p),
      downloaded_bytes: 0,
    });
  });

  api.route('POST', 'open.tiktokapis.com', '/v2/video/query/', 'metrics', async (req) => {
    const auth = authorize(ctx, windows, req, 'metrics', 'video.list');
    if (!auth.ok) return auth.res;
    const fields = (req.query.get('fields') ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    if (!fields.length) return invalidParams('fields: at least one field is required.');
    const unknown = fields.filter((f) => !VIDEO_FIELDS.includes(f));
    if (unknown.length) return invalidParams(`fields: unknown field ${unknown.join(', ')}.`);
    const ids = ((await jsonObject(req))?.filters as { video_ids?: unknown } | undefined)?.video_ids;
    if (!Array.isArray(ids) || !ids.length || !ids.every((id) => typeof id === 'string'))
      return invalidParams('filters.video_ids: a list of video ids is required.');
    if (ids.length > LIMITS.maxQueryIds) return invalidParams(`filters.video_ids: at most ${LIMITS.maxQueryIds} ids.`);
    const videos = (ids as string[])
      .map((id) => publishes(ctx).find((p) => p.postId === id && p.accountId === auth.token.accountId))
      .filter((p): p is Publish => p !== undefined)
      .map((p) => pick(video(ctx, p), fields));
    return ok({ videos, cursor: 0, has_more: false });
  });

  api.route('GET', 'www.tiktok.com', '/@:username/video/:id', 'page', (req) => {
    const p = publishes(ctx).find((x) => x.postId === req.params.id);
    const creator = p ? creatorOf(p.accountId) : undefined;
    if (!p || !creator || req.params.username !== creator.username)
      return errorPage(404, "TikTok: couldn't find this video", 'This video is unavailable.');
    return postPage({
      platformName: 'TikTok',
      accountName: `@${creator.username}`,
      text: p.title,
      mediaUrl: ctx.mediaUrl(p.blobId),
    });
  });
}

function video(ctx: EmulatorContext, p: Publish): Record<string, unknown> {
  const m = grownMetrics(p.publishedAt!, ctx.now(), 1);
  const creator = creatorOf(p.accountId);
  const share = ctx.pageUrl('www.tiktok.com', postPath(creator, p.postId!));
  return {
    id: p.postId,
    create_time: Math.floor(Date.parse(p.publishedAt!) / 1000),
    cover_image_url: ctx.avatarUrl('tiktok', creator.openId),
    share_url: share,
    video_description: p.title,
    title: p.title,
    duration: 0,
    height: 0,
    width: 0,
    embed_html: `<blockquote class="tiktok-embed" cite="${share}"></blockquote>`,
    embed_link: share,
    view_count: m.views,
    like_count: m.likes,
    comment_count: m.comments,
    share_count: m.shares,
  };
}

const pick = (o: Record<string, unknown>, fields: string[]) => Object.fromEntries(fields.map((f) => [f, o[f]]));
