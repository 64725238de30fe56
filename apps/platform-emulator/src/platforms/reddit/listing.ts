import type { EmulatorContext, RouteApi } from '../../core/context';
import { json } from '../../core/http';
import { errorPage, postPage } from '../../core/pages';
import { LIMITS, REDDITORS, redditorOf } from './accounts';
import { apiRoute, httpError, type RateCounter } from './envelopes';
import { listing, posts, settle, thing, type Post } from './posts';

export function registerListing(api: RouteApi, ctx: EmulatorContext, counter: RateCounter) {
  // Reddit's API reference files /user/{username}/{where} (submitted among them) under the `history` scope alone;
  // `read` covers /api/info and the subreddit listings, not a user's history.
  apiRoute(
    api,
    ctx,
    counter,
    { method: 'GET', path: '/user/:name/submitted', step: 'listing', scope: ['history'] },
    (req) => {
      const who = REDDITORS.find((r) => r.name.toLowerCase() === req.params.name!.toLowerCase());
      if (!who) return httpError(404, 'Not Found');
      const limit = Math.min(LIMITS.listingMax, Math.max(1, Number(req.query.get('limit')) || LIMITS.listingDefault));
      const all = posts(ctx)
        .values()
        .filter((p) => p.accountId === who.id && p.state !== 'failed')
        .sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id));
      const afterName = req.query.get('after');
      const from = afterName ? all.findIndex((p) => `t3_${p.id}` === afterName) + 1 : 0;
      const page = all.slice(from, from + limit).map((p) => settle(ctx, p));
      const more = from + limit < all.length;
      return json(
        200,
        listing(
          page.map((p) => thing(ctx, p)),
          more ? `t3_${page[page.length - 1]!.id}` : null,
        ),
      );
    },
  );

  apiRoute(api, ctx, counter, { method: 'GET', path: '/api/info', step: 'info', scope: 'read' }, (req) => {
    const ids = (req.query.get('id') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const url = req.query.get('url');
    let found: Post[] = [];
    if (ids.length)
      found = ids
        .map((name) => (name.startsWith('t3_') ? posts(ctx).get(name.slice(3)) : undefined))
        .filter((p): p is Post => p !== undefined && p.state !== 'failed');
    else if (url)
      found = posts(ctx)
        .values()
        .filter((p) => p.url === url && p.state !== 'failed');
    return json(200, listing(found.map((p) => thing(ctx, settle(ctx, p)))));
  });

  const page = (id: string) => {
    const p = posts(ctx).get(id);
    if (!p || p.state === 'failed')
      return errorPage(404, 'Reddit: page not found', 'There doesn’t seem to be anything here.');
    settle(ctx, p);
    return postPage({
      platformName: 'Reddit',
      accountName: `u/${redditorOf(p.accountId).name} in ${p.sr.startsWith('u_') ? `u/${p.sr.slice(2)}` : `r/${p.sr}`}`,
      text: p.state === 'live' ? p.title : `${p.title} (processing)`,
      mediaUrl: p.state === 'live' ? ctx.mediaUrl(p.blobId) : undefined,
    });
  };
  api.route('GET', 'www.reddit.com', '/r/:sr/comments/:id', 'page', (req) => page(req.params.id!));
  api.route('GET', 'www.reddit.com', '/r/:sr/comments/:id/:slug', 'page', (req) => page(req.params.id!));
}
