import type { EmulatorContext, RouteApi } from '../../core/context';
import { json, type EmuResponse } from '../../core/http';
import { accountById } from './accounts';
import { apiRoute } from './api';
import { readFields, type FieldParam } from './fields';
import { invalidRequest, notFound } from './problems';
import { renderIncludes, renderTweet, renderUser, tweets, type TweetRecord } from './render';

const ID = /^[0-9]{1,19}$/;
const isResponse = (x: object): x is EmuResponse => typeof (x as { status?: unknown }).status === 'number';
const POST_PARAMS: FieldParam[] = [
  'tweet.fields',
  'expansions',
  'user.fields',
  'media.fields',
  'poll.fields',
  'place.fields',
];
const TIMELINE_PARAMS = [
  'max_results',
  'pagination_token',
  'start_time',
  'end_time',
  'since_id',
  'until_id',
  'exclude',
];

const newestFirst = (a: TweetRecord, b: TweetRecord) => b.seq - a.seq;

export function registerLookups(api: RouteApi, ctx: EmulatorContext) {
  apiRoute(
    api,
    ctx,
    { method: 'GET', path: '/2/users/me', step: 'me', operation: 'getUsersMe', limit: 'GET /2/users/me' },
    (req, token) => {
      const f = readFields(req.query, ['user.fields', 'user.expansions', 'tweet.fields'], [], 'user.expansions');
      if (isResponse(f)) return f;
      return json(200, { data: renderUser(ctx, accountById(token.accountId)!, f) });
    },
  );

  apiRoute(
    api,
    ctx,
    { method: 'GET', path: '/2/tweets/:id', step: 'metrics', operation: 'getPostsById', limit: 'GET /2/tweets' },
    (req, token) => {
      const id = req.params.id!;
      if (!ID.test(id)) return invalidRequest(`The \`id\` query parameter value [${id}] is not valid.`, 'id', id);
      const f = readFields(req.query, POST_PARAMS);
      if (isResponse(f)) return f;
      const t = tweets(ctx).get(id);
      if (!t) return json(200, { errors: [notFound('tweet', id)] });
      return json(200, { data: renderTweet(ctx, t, f, token.accountId), ...renderIncludes(ctx, [t], f) });
    },
  );

  apiRoute(
    api,
    ctx,
    { method: 'GET', path: '/2/tweets', step: 'metrics', operation: 'getPostsByIds', limit: 'GET /2/tweets' },
    (req, token) => {
      const f = readFields(req.query, POST_PARAMS, ['ids']);
      if (isResponse(f)) return f;
      const ids = (req.query.get('ids') ?? '').split(',').filter(Boolean);
      if (!ids.length || ids.length > 100 || !ids.every((x) => ID.test(x)))
        return invalidRequest('ids must hold 1 to 100 post ids.', 'ids', req.query.get('ids'));
      const found = ids.map((id) => tweets(ctx).get(id)).filter((t) => t !== undefined);
      const missing = ids.filter((id) => !tweets(ctx).get(id)).map((id) => notFound('tweet', id, 'ids'));
      return json(200, {
        ...(found.length ? { data: found.map((t) => renderTweet(ctx, t, f, token.accountId)) } : {}),
        ...renderIncludes(ctx, found, f),
        ...(missing.length ? { errors: missing } : {}),
      });
    },
  );

  apiRoute(
    api,
    ctx,
    {
      method: 'GET',
      path: '/2/users/:id/tweets',
      step: 'tweets',
      operation: 'getUsersPosts',
      limit: 'GET /2/users/:id/tweets',
    },
    (req, token) => {
      const userId = req.params.id!;
      if (!ID.test(userId))
        return invalidRequest(`The \`id\` query parameter value [${userId}] is not valid.`, 'id', userId);
      const f = readFields(req.query, POST_PARAMS, TIMELINE_PARAMS);
      if (isResponse(f)) return f;
      const q = req.query;
      const max = q.get('max_results') === null ? 10 : Number(q.get('max_results'));
      if (!Number.isInteger(max) || max < 5 || max > 100)
        return invalidRequest(
          `The \`max_results\` query parameter value [${q.get('max_results')}] is not between 5 and 100.`,
          'max_results',
        );
      for (const p of ['since_id', 'until_id'])
        if (q.get(p) !== null && !ID.test(q.get(p)!)) return invalidRequest(`${p} must be a post id.`, p);
      const times = ['start_time', 'end_time'].map((p) => (q.get(p) === null ? undefined : Date.parse(q.get(p)!)));
      if (times.some((x) => x !== undefined && Number.isNaN(x)))
        return invalidRequest('start_time and end_time must be RFC 3339 times.');
      const exclude = (q.get('exclude') ?? '').split(',').filter(Boolean);
      if (exclude.some((e) => e !== 'replies' && e !== 'retweets'))
        return invalidRequest('exclude takes replies and retweets.', 'exclude');
      if (!accountById(userId)) return json(200, { errors: [notFound('user', userId)] });

      const bySeq = (id: string | null) => (id === null ? undefined : tweets(ctx).get(id)?.seq);
      const since = bySeq(q.get('since_id'));
      const until = bySeq(q.get('until_id'));
      const all = tweets(ctx)
        .values()
        .filter((t) => t.authorId === userId)
        .filter((t) => (since === undefined || t.seq > since) && (until === undefined || t.seq < until))
        .filter(
          (t) =>
            (times[0] === undefined || t.createdAt >= times[0]) && (times[1] === undefined || t.createdAt <= times[1]),
        )
        .sort(newestFirst);
      const offset = q.get('pagination_token')
        ? Number(Buffer.from(q.get('pagination_token')!, 'base64url').toString()) || 0
        : 0;
      const page = all.slice(offset, offset + max);
      const next = offset + max < all.length ? Buffer.from(String(offset + max)).toString('base64url') : undefined;
      return json(200, {
        ...(page.length ? { data: page.map((t) => renderTweet(ctx, t, f, token.accountId)) } : {}),
        ...renderIncludes(ctx, page, f),
        meta: {
          result_count: page.length,
          ...(page.length ? { newest_id: page[0]!.id, oldest_id: page.at(-1)!.id } : {}),
          ...(next ? { next_token: next } : {}),
        },
      });
    },
  );
}
