import type { EmulatorContext, FaultEnvelopes, RouteApi } from '../../core/context';
import { json, type EmuRequest } from '../../core/http';
import type { AccessToken } from '../../core/oauth';
import { graphError, unsupportedRequest } from '../meta/graph-errors';
import { accessToken, pickFields, readParams } from '../meta/graph-params';
import { authorize, graphRoute } from '../meta/graph-routes';
import { FB_ACCOUNT, FB_LIMITS, FB_PAGES, fbPage, type FbPage } from './fb-account';
import { PAGE_EDGE_FIELDS, USER_FIELDS, VIDEO_FIELDS } from './fb-params';
import { PAGE_FIELDS } from './fb-page-fields';
import { FB_CALLS } from './fb-calls';
import { pageToken, settleVideo, videos } from './fb-store';
import { videoValues } from './fb-videos';
import { withRequestFault } from '../../core/request-faults';

const PAGE_KNOWN = [...PAGE_FIELDS, ...PAGE_EDGE_FIELDS];

/**
 * Reads of graph.facebook.com: `/me` (the user, or the Page for a Page token), `/me/accounts` (the Pages with
 * their own tokens: they do not expire when asked with a long-lived user token), and any node by id (the user,
 * the Page, a video or Reel with its `status`).
 */
export function registerNodes(api: RouteApi, ctx: EmulatorContext, errors: FaultEnvelopes) {
  graphRoute(api, 'GET', 'graph.facebook.com', '/me', 'me', (req) => me(ctx, req));

  graphRoute(api, 'GET', 'graph.facebook.com', '/me/accounts', 'accounts', async (req) => {
    const p = await readParams(req);
    const auth = authorize(ctx, 'facebook', accessToken(req, p));
    if (!auth.ok) return auth.response;
    if (auth.token.meta?.kind === 'page')
      return graphError({
        message: '(#100) Tried accessing nonexisting field (accounts) on node type (Page)',
        code: 100,
      });
    const missing = FB_CALLS.accounts.permissions.find((s) => !auth.token.scopes.includes(s));
    if (missing) return graphError({ message: `(#10) This endpoint requires the ${missing} permission.`, code: 10 });
    const data: Record<string, unknown>[] = [];
    for (const page of FB_PAGES) {
      const picked = pickFields(p.get('fields'), {
        nodeType: 'Page',
        known: PAGE_KNOWN,
        defaults: ['access_token', 'category', 'category_list', 'name', 'id', 'tasks'],
        values: pageValues(ctx, page, pageTokenFor(ctx, auth.token, page).accessToken),
      });
      if (!picked.ok) return picked.response;
      data.push(picked.body);
    }
    return json(200, { data, paging: { cursors: { before: 'QVFIUk', after: 'QVFIUk' } } });
  });

  // One path for users, Pages and videos: the step (for faults) is known once the id is.
  graphRoute(api, 'GET', 'graph.facebook.com', '/:id', 'node', (req) => {
    const id = req.params.id!;
    if (id === FB_ACCOUNT.userId) return withRequestFault(ctx, 'facebook', 'me', errors, req, () => me(ctx, req));
    const page = fbPage(id);
    if (page) return withRequestFault(ctx, 'facebook', 'accounts', errors, req, () => pageNode(ctx, req, page));
    const video = videos(ctx).get(id);
    if (!video) return unsupportedRequest('GET', id);
    const step = video.kind === 'reel' ? 'reels_status' : 'videos';
    return withRequestFault(ctx, 'facebook', step, errors, req, async () => {
      const auth = pageToken(ctx, accessToken(req, await readParams(req)), video.pageId);
      if (!auth.ok) return auth.response;
      settleVideo(ctx, id, { poll: true, step: video.kind === 'reel' ? 'reels_status' : 'create' });
      const picked = pickFields(req.query.get('fields'), {
        nodeType: 'Video',
        known: VIDEO_FIELDS,
        defaults: ['id', 'description', 'updated_time'],
        values: videoValues(ctx, videos(ctx).get(id)!),
      });
      return picked.ok ? json(200, picked.body) : picked.response;
    });
  });
}

async function me(ctx: EmulatorContext, req: EmuRequest) {
  const auth = authorize(ctx, 'facebook', accessToken(req, await readParams(req)));
  if (!auth.ok) return auth.response;
  if (auth.token.meta?.kind === 'page') return pageNode(ctx, req, fbPage(auth.token.meta.pageId)!, auth.token);
  const picked = pickFields(req.query.get('fields'), {
    nodeType: 'User',
    known: USER_FIELDS,
    defaults: ['name', 'id'],
    values: {
      id: FB_ACCOUNT.userId,
      name: FB_ACCOUNT.name,
      first_name: FB_ACCOUNT.firstName,
      last_name: FB_ACCOUNT.lastName,
      short_name: FB_ACCOUNT.firstName,
      email: auth.token.scopes.includes('email') ? FB_ACCOUNT.email : undefined,
      picture: picture(ctx, FB_ACCOUNT.userId),
    },
  });
  return picked.ok ? json(200, picked.body) : picked.response;
}

async function pageNode(ctx: EmulatorContext, req: EmuRequest, page: FbPage, known?: AccessToken) {
  const token = known ?? pageToken(ctx, accessToken(req, await readParams(req)), page.id);
  if ('ok' in token && !token.ok) return token.response;
  const picked = pickFields(req.query.get('fields'), {
    nodeType: 'Page',
    known: PAGE_KNOWN,
    defaults: ['name', 'id'],
    values: { ...pageValues(ctx, page, undefined), access_token: undefined },
  });
  return picked.ok ? json(200, picked.body) : picked.response;
}

function pageValues(ctx: EmulatorContext, page: FbPage, token: string | undefined): Record<string, unknown> {
  return {
    id: page.id,
    name: page.name,
    username: page.username,
    category: page.category,
    category_list: [{ id: '2233', name: page.category }],
    link: ctx.pageUrl('www.facebook.com', `/${page.id}`),
    fan_count: 420,
    tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'],
    picture: picture(ctx, page.id),
    access_token: token,
  };
}

const picture = (ctx: EmulatorContext, id: string) => ({
  data: { height: 50, width: 50, is_silhouette: false, url: ctx.avatarUrl('facebook', id) },
});

/**
 * A Page's token for this user token: each Page its own, the same one on every call while it lives. It never expires when the user
 * token is long-lived; it lives as long as a short-lived one otherwise.
 */
function pageTokenFor(ctx: EmulatorContext, user: AccessToken, page: FbPage): AccessToken {
  const existing = ctx.oauth.accessTokens
    .values()
    .find(
      (t) => t.meta?.parent === user.accessToken && t.meta.pageId === page.id && !t.revoked && t.expiresAt > ctx.now(),
    );
  if (existing) return existing;
  const long = user.meta?.kind === 'long';
  return ctx.oauth.issueAccess({
    platform: 'facebook',
    accountId: user.accountId,
    clientId: user.clientId,
    scopes: user.scopes,
    ttlSeconds: long ? FB_LIMITS.pageTokenSeconds : Math.max(1, Math.floor((user.expiresAt - ctx.now()) / 1000)),
    meta: { kind: 'page', pageId: page.id, parent: user.accessToken },
  });
}
