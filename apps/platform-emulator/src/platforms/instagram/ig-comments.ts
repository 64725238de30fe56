import type { EmulatorContext, RouteApi } from '../../core/context';
import { json } from '../../core/http';
import { invalidParam, missingParam, unsupportedRequest } from '../meta/graph-errors';
import { accessToken, checkParams, readParams, type ParamTable } from '../meta/graph-params';
import { commentsUnder, listGraphComments, type CommentNode } from '../meta/graph-comment-list';
import { authorize, graphRoute } from '../meta/graph-routes';
import { igAccount } from './ig-account';
import { IG_CALLS } from './ig-calls';
import { igMedia } from './ig-store';

/** POST /<ig-media-id>/comments's params (IGMedia.json, `comments` POST). */
export const COMMENT_PARAMS: ParamTable = {
  ad_id: { type: 'string' },
  message: { type: 'string' },
};

/** The longest comment taken here: Instagram's caption limit (the IG Comment reference gives no figure). */
export const COMMENT_MAX = 2_200;

let commentSeq = 0;

/**
 * An IG Comment as `GET /<ig-media-id>/comments` reads it (IG Media Comments, Reading: "id, text, timestamp" unless
 * `fields` asks for more; `from` and `username` name the Instagram user who commented).
 */
const IG_COMMENT: CommentNode = {
  nodeType: 'IGComment',
  known: ['id', 'from', 'hidden', 'like_count', 'media', 'parent_id', 'text', 'timestamp', 'username'],
  defaults: ['id', 'text', 'timestamp'],
  values: (c) => {
    const username = igAccount(c.accountId)?.username;
    return {
      id: c.id,
      text: c.text,
      timestamp: c.postedAt.replace(/\.\d{3}Z$/, '+0000'),
      username,
      from: { id: c.accountId, username },
      hidden: false,
      like_count: 0,
      media: { id: c.postId },
    };
  },
};

/**
 * `POST /<ig-media-id>/comments?message=` (Instagram Platform, IG Media Comments: Instagram API with Instagram
 * Login needs instagram_business_basic and instagram_business_manage_comments): a comment by the account on its
 * own media. Media that does not exist, or is another account's, is Graph's "Unsupported post request".
 */
export function registerComments(api: RouteApi, ctx: EmulatorContext) {
  graphRoute(api, 'GET', 'graph.instagram.com', '/:media/comments', 'comments', async (req) => {
    const presented = accessToken(req, await readParams(req));
    let auth = authorize(ctx, 'instagram', presented, IG_CALLS.profile);
    if (auth.ok) auth = authorize(ctx, 'instagram', presented, IG_CALLS.comments);
    if (!auth.ok) return auth.response;
    const media = igMedia(ctx).get(req.params.media!);
    if (!media || media.igUserId !== auth.token.accountId) return unsupportedRequest('GET', req.params.media!);
    return listGraphComments(ctx, req, 'graph.instagram.com', commentsUnder(ctx, 'instagram', media.id), IG_COMMENT);
  });

  graphRoute(api, 'POST', 'graph.instagram.com', '/:media/comments', 'comment', async (req) => {
    const p = await readParams(req);
    const presented = accessToken(req, p);
    // Both permissions the reference lists: each checked, the first missing one named.
    let auth = authorize(ctx, 'instagram', presented, IG_CALLS.profile);
    if (auth.ok) auth = authorize(ctx, 'instagram', presented, IG_CALLS.comments);
    if (!auth.ok) return auth.response;
    const media = igMedia(ctx).get(req.params.media!);
    if (!media || media.igUserId !== auth.token.accountId) return unsupportedRequest('POST', req.params.media!);
    const bad = checkParams(p, COMMENT_PARAMS);
    if (bad) return bad;
    const message = p.get('message');
    if (!message?.trim()) return missingParam('message');
    if (message.length > COMMENT_MAX) return invalidParam(`The comment is longer than ${COMMENT_MAX} characters`);
    const id = `179${String(ctx.now()).slice(-9)}${String(++commentSeq).padStart(4, '0')}`;
    ctx.published.comment({ platform: 'instagram', id, postId: media.id, accountId: media.igUserId, text: message });
    return json(200, { id });
  });
}
