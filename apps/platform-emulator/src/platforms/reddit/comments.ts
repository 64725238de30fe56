import { randomBytes } from 'node:crypto';
import type { EmulatorContext, RouteApi } from '../../core/context';
import { json } from '../../core/http';
import { redditorOf } from './accounts';
import { apiRoute, jsonErrors, type RateCounter } from './envelopes';
import { permalink, posts } from './posts';

/** A comment's longest body (Reddit's published limit; the reference lists none). */
export const COMMENT_MAX = 10_000;

/**
 * `POST /api/comment` (Reddit API documentation: scope submit; form `thing_id` the parent's fullname, `text`
 * in markdown, `api_type=json`): a comment under a live post. A post that does not exist or is not live is
 * refused as Reddit refuses it, HTTP 200 with `json.errors`; the answer holds the new `t1` thing.
 */
export function registerComments(api: RouteApi, ctx: EmulatorContext, counter: RateCounter) {
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
      const link = `${permalink(post)}${id}/`;
      ctx.published.comment({ platform: 'reddit', id, postId: post.id, accountId: token.accountId, text });
      const data = {
        id,
        name: `t1_${id}`,
        body: text,
        author: redditorOf(token.accountId).name,
        link_id: thingId,
        parent_id: thingId,
        permalink: link,
        created_utc: Math.floor(ctx.now() / 1000),
      };
      const answer = { json: { errors: [], data: { things: [{ kind: 't1', data }] } } };
      return form.get('api_type') === 'json' ? json(200, answer) : json(200, { success: true, ...answer.json.data });
    },
  );
}
