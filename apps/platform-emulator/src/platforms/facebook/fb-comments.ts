import type { EmulatorContext, RouteApi } from '../../core/context';
import { json } from '../../core/http';
import { invalidParam, missingParam, unsupportedRequest } from '../meta/graph-errors';
import { accessToken, checkParams, readParams, type ParamTable } from '../meta/graph-params';
import { commentsUnder, listGraphComments, type CommentNode } from '../meta/graph-comment-list';
import { graphRoute } from '../meta/graph-routes';
import { fbPage } from './fb-account';
import { FB_CALLS } from './fb-calls';
import { pageToken, settleVideo, videos } from './fb-store';

/** POST /<video-id>/comments's params (AdVideo.json, `comments` POST), typed as the spec types them. */
export const VIDEO_COMMENT_PARAMS: ParamTable = {
  attachment_id: { type: 'string' },
  attachment_share_url: { type: 'string' },
  attachment_url: { type: 'string' },
  comment_privacy_value: { type: 'videocomments_comment_privacy_value_enum_param' },
  facepile_mentioned_ids: { type: 'list<string>' },
  feedback_source: { type: 'string' },
  is_offline: { type: 'bool' },
  message: { type: 'string' },
  nectar_module: { type: 'string' },
  object_id: { type: 'string' },
  parent_comment_id: { type: 'Object' },
  text: { type: 'string' },
  tracking: { type: 'string' },
};

/** The longest comment taken here (Facebook's published comment limit; the reference gives none). */
export const COMMENT_MAX = 8_000;

let commentSeq = 0;

/**
 * A Comment as `GET /<object-id>/comments` reads it (Graph API Comments edge, Reading; the Comment node's fields):
 * `created_time`, `from` (the Page when the Page commented, shown to a Page token), `message` and `id` unasked.
 */
const FB_COMMENT: CommentNode = {
  nodeType: 'Comment',
  known: ['id', 'created_time', 'from', 'message', 'like_count', 'comment_count', 'can_remove', 'is_hidden', 'object'],
  defaults: ['created_time', 'from', 'message', 'id'],
  values: (c) => ({
    id: c.id,
    created_time: c.postedAt.replace(/\.\d{3}Z$/, '+0000'),
    from: { id: c.accountId, name: fbPage(c.accountId)?.name ?? '' },
    message: c.text,
    like_count: 0,
    comment_count: 0,
    can_remove: true,
    is_hidden: false,
    object: { id: c.postId },
  }),
};

/**
 * `POST /<object-id>/comments` on a Page's video or Reel, as the Page: the Page's own token with
 * pages_manage_engagement (Graph API Comments edge, "Create": a Page access token, pages_manage_engagement), acting
 * only on its own Page's live videos. A video that does not exist, is another Page's, or is not live is Graph's
 * "Unsupported post request".
 */
export function registerComments(api: RouteApi, ctx: EmulatorContext) {
  graphRoute(api, 'GET', 'graph.facebook.com', '/:video/comments', 'comments', async (req) => {
    const video = videos(ctx).get(req.params.video!);
    const auth = pageToken(ctx, accessToken(req, await readParams(req)), video?.pageId ?? '', FB_CALLS.readComments);
    if (!auth.ok) return auth.response;
    if (!video) return unsupportedRequest('GET', req.params.video!);
    return listGraphComments(ctx, req, 'graph.facebook.com', commentsUnder(ctx, 'facebook', video.id), FB_COMMENT);
  });

  graphRoute(api, 'POST', 'graph.facebook.com', '/:video/comments', 'comment', async (req) => {
    const p = await readParams(req);
    const video = videos(ctx).get(req.params.video!);
    const auth = pageToken(ctx, accessToken(req, p), video?.pageId ?? '', FB_CALLS.comment);
    if (!auth.ok) return auth.response;
    if (video) settleVideo(ctx, video.id, { poll: false, step: 'comment' });
    const live = video && videos(ctx).get(video.id)?.publishedAt !== undefined;
    if (!video || !live) return unsupportedRequest('POST', req.params.video!);
    const bad = checkParams(p, VIDEO_COMMENT_PARAMS);
    if (bad) return bad;
    const message = p.get('message');
    if (!message?.trim()) return missingParam('message');
    if (message.length > COMMENT_MAX) return invalidParam(`The comment is longer than ${COMMENT_MAX} characters`);
    const id = `${video.id}_${String(ctx.now()).slice(-8)}${++commentSeq}`;
    ctx.published.comment({ platform: 'facebook', id, postId: video.id, accountId: video.pageId, text: message });
    return json(200, { id });
  });
}
