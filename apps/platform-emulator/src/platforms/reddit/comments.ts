import { randomBytes } from 'node:crypto';
import type { EmulatorContext, RouteApi } from '../../core/context';
import type { CommentItem } from '../../core/published';
import { json } from '../../core/http';
import { apiRoute, httpError, jsonErrors, type RateCounter } from './envelopes';
import { LIMITS, redditorOf } from './accounts';
import { listing, permalink, posts, settle, thing, type Post } from './posts';

/** A comment's longest body (Reddit's published limit; the reference lists none). */
export const COMMENT_MAX = 10_000;

/**
 * `POST /api/comment` (Reddit API documentation: scope submit; form `thing_id` the parent's fullname, `text`
 * in markdown, `api_type=json`): a comment under a live post. A post that does not exist or is not live is
 * refused as Reddit refuses it, HTTP 200 with `json.errors`; the answer holds the new `t1` thing.
 */
export function registerComments(api: RouteApi, ctx: EmulatorContext, counter: RateCounter) {
  // GET /comments/{article} (Reddit API documentation, listings: scope read): the post and its comment tree, as two
  // Listings; `limit` caps the comments (the emulator's comments are all top-level, oldest first).
  apiRoute(api, ctx, counter, { method: 'GET', path: '/comments/:article', step: 'comments', scope: 'read' }, (req) => {
    const post = posts(ctx).get(req.params.article!);
    if (!post || post.state === 'failed') return httpError(404, 'Not Found');
    const limit = Math.min(LIMITS.listingMax, Math.max(1, Number(req.query.get('limit')) || LIMITS.listingMax));
    const under = ctx.published.comments().filter((c) => c.platform === 'reddit' && c.postId === post.id);
    const shown = under.slice(0, limit).map((c) => commentThing(c, post));
    return json(200, [listing([thing(ctx, settle(ctx, post))]), listing(shown)]);
  });

  apiRoute(
    api,
    ctx,
    counter,
    { method: 'POST', path: '/api/comment', step: 'comment', scope: 'submit' },
    async (req, token) => {
      const form = await req.form();
      const text = form.get('text') ?? '';
      const thingId = form.get('thing_id') ?? '';
      const post = thingId.startsWith('t3_') ? posts(ctx).get(thingId.slice(3)) : undefined;
      if (!post || post.state !== 'live')
        return jsonErrors([['NO_THING_ID', 'that post does not exist or is not live', 'parent']]);
      if (!text.trim()) return jsonErrors([['NO_TEXT', 'we need something here', 'text']]);
      if ([...text].length > COMMENT_MAX)
        return jsonErrors([['TOO_LONG', `this is too long (max: ${COMMENT_MAX})`, 'text']]);
      const id = Array.from(randomBytes(7), (b) => (b % 36).toString(36)).join('');
      const postedAt = new Date(ctx.now()).toISOString();
      const made = ctx.published.comment({
        platform: 'reddit',
        id,
        postId: post.id,
        accountId: token.accountId,
        text,
        postedAt,
      });
      const answer = { json: { errors: [], data: { things: [commentThing(made, post)] } } };
      return form.get('api_type') === 'json' ? json(200, answer) : json(200, { success: true, ...answer.json.data });
    },
  );
}

/** A comment as Reddit shows it: a `t1` thing under its post. */
function commentThing(c: CommentItem, post: Post) {
  return {
    kind: 't1',
    data: {
      id: c.id,
      name: `t1_${c.id}`,
      body: c.text,
      author: redditorOf(c.accountId).name,
      link_id: `t3_${post.id}`,
      parent_id: `t3_${post.id}`,
      permalink: `${permalink(post)}${c.id}/`,
      created_utc: Math.floor(Date.parse(c.postedAt) / 1000),
      replies: '',
    },
  };
}
