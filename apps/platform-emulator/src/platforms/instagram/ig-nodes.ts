import type { EmulatorContext, FaultEnvelopes, RouteApi } from '../../core/context';
import { json, type EmuRequest, type EmuResponse } from '../../core/http';
import { unsupportedRequest } from '../meta/graph-errors';
import { accessToken, pickFields, readParams } from '../meta/graph-params';
import { authorize, graphRoute } from '../meta/graph-routes';
import { igAccount, igAccountNamed, IG_LIMITS, isIgUser, type IgAccount } from './ig-account';
import { mediaValues } from './ig-publish';
import { IG_CALLS } from './ig-calls';
import { CONTAINER_FIELDS, MEDIA_FIELDS, PUBLISHING_LIMIT_FIELDS, USER_FIELDS } from './ig-params';
import { containerStatus, containers, igMedia, publishedInWindow } from './ig-store';
import { withRequestFault } from '../../core/request-faults';

/**
 * Reads of graph.instagram.com: the profile (`/me`), any node by id (the account, a container's status, a media
 * object with its permalink), the account's media newest first, and its publishing limit.
 */
export function registerNodes(api: RouteApi, ctx: EmulatorContext, errors: FaultEnvelopes) {
  graphRoute(api, 'GET', 'graph.instagram.com', '/me', 'me', (req) => userNode(ctx, req));

  // One path, three kinds of node: the step (for faults) is known once the id is.
  graphRoute(api, 'GET', 'graph.instagram.com', '/:id', 'node', (req) => {
    const id = req.params.id!;
    if (id === 'me' || igAccountNamed(id))
      return withRequestFault(ctx, 'instagram', 'me', errors, req, () => userNode(ctx, req));
    if (containers(ctx).get(id))
      return withRequestFault(ctx, 'instagram', 'status', errors, req, () => containerNode(ctx, req));
    if (igMedia(ctx).get(id))
      return withRequestFault(ctx, 'instagram', 'permalink', errors, req, () => mediaNode(ctx, req));
    return unsupportedRequest('GET', id);
  });

  graphRoute(api, 'GET', 'graph.instagram.com', '/:user/media', 'media', async (req) => {
    const auth = await owner(ctx, req, IG_CALLS.media);
    if (!auth.ok) return auth.response;
    const all = igMedia(ctx)
      .values()
      .filter((m) => m.igUserId === auth.userId)
      .sort((a, b) => b.publishedAt - a.publishedAt || b.id.localeCompare(a.id));
    const limit = Math.min(Math.max(Number(req.query.get('limit') ?? 25) || 25, 1), 100);
    const start = Number(Buffer.from(req.query.get('after') ?? '', 'base64url').toString() || 0) || 0;
    const data: Record<string, unknown>[] = [];
    for (const m of all.slice(start, start + limit)) {
      const picked = pickFields(req.query.get('fields'), {
        nodeType: 'IGMedia',
        known: MEDIA_FIELDS,
        defaults: ['id'],
        values: mediaValues(ctx, m),
      });
      if (!picked.ok) return picked.response;
      data.push(picked.body);
    }
    const cursor = (n: number) => Buffer.from(String(n)).toString('base64url');
    const paging: Record<string, unknown> = { cursors: { before: cursor(start), after: cursor(start + data.length) } };
    if (start + data.length < all.length) {
      const next = new URL(ctx.apiUrl('graph.instagram.com', req.path));
      next.searchParams.set('limit', String(limit));
      next.searchParams.set('after', cursor(start + data.length));
      if (req.query.get('fields')) next.searchParams.set('fields', req.query.get('fields')!);
      paging.next = next.toString();
    }
    return json(200, { data, paging });
  });

  graphRoute(api, 'GET', 'graph.instagram.com', '/:user/content_publishing_limit', 'limit', async (req) => {
    const auth = await owner(ctx, req, IG_CALLS.publish);
    if (!auth.ok) return auth.response;
    const picked = pickFields(req.query.get('fields'), {
      nodeType: 'ContentPublishingLimitResponse',
      known: PUBLISHING_LIMIT_FIELDS,
      defaults: ['quota_usage'],
      values: {
        quota_usage: publishedInWindow(ctx, auth.userId).length,
        config: { quota_total: IG_LIMITS.publishesPerDay, quota_duration: IG_LIMITS.publishWindowMs / 1000 },
      },
    });
    return picked.ok ? json(200, { data: [picked.body] }) : picked.response;
  });
}

/** The token's account, when the path's node is that account. */
async function owner(
  ctx: EmulatorContext,
  req: EmuRequest,
  scope?: string,
): Promise<{ ok: true; userId: string; account: IgAccount } | { ok: false; response: EmuResponse }> {
  const auth = authorize(ctx, 'instagram', accessToken(req, await readParams(req)), scope);
  if (!auth.ok) return auth;
  const node = req.params.user ?? req.params.id ?? 'me';
  // Another account's node is an object this token cannot load (Graph API "Handling Errors": code 100, subcode 33).
  const account = igAccount(auth.token.accountId);
  if (!account || !isIgUser(node, account)) return { ok: false, response: unsupportedRequest(req.method, node) };
  return { ok: true, userId: account.userId, account };
}

async function userNode(ctx: EmulatorContext, req: EmuRequest) {
  const auth = await owner(ctx, req, IG_CALLS.profile);
  if (!auth.ok) return auth.response;
  const account = auth.account;
  const picked = pickFields(req.query.get('fields'), {
    nodeType: 'User',
    known: USER_FIELDS,
    defaults: ['id'],
    values: {
      id: account.appScopedId,
      user_id: account.userId,
      username: account.username,
      name: account.name,
      account_type: 'BUSINESS',
      biography: account.biography,
      profile_picture_url: ctx.avatarUrl('instagram', account.userId),
      followers_count: account.followers,
      follows_count: account.follows,
      media_count: igMedia(ctx)
        .values()
        .filter((m) => m.igUserId === account.userId).length,
    },
  });
  return picked.ok ? json(200, picked.body) : picked.response;
}

async function containerNode(ctx: EmulatorContext, req: EmuRequest) {
  const c = containers(ctx).get(req.params.id!)!;
  const auth = authorize(ctx, 'instagram', accessToken(req, await readParams(req)), IG_CALLS.publish);
  if (!auth.ok) return auth.response;
  if (auth.token.accountId !== c.igUserId) return unsupportedRequest('GET', c.id);
  const s = containerStatus(ctx, c.id, true);
  const phase = (done: boolean, running: boolean) => (done ? 'complete' : running ? 'in_progress' : 'not_started');
  const picked = pickFields(req.query.get('fields'), {
    nodeType: 'ShadowIGMediaBuilder',
    known: CONTAINER_FIELDS,
    defaults: ['id'],
    values: {
      id: c.id,
      status_code: s.code,
      status: s.text,
      video_status: {
        uploading_phase: {
          status: phase(s.phase !== 'uploading', s.held > 0),
          bytes_transferred: s.held,
        },
        processing_phase: {
          status: s.phase === 'error' ? 'error' : phase(s.phase === 'complete', s.phase === 'processing'),
        },
      },
      copyright_check_status: { status: s.phase === 'complete' ? 'complete' : 'in_progress', matches_found: false },
    },
  });
  return picked.ok ? json(200, picked.body) : picked.response;
}

async function mediaNode(ctx: EmulatorContext, req: EmuRequest) {
  const m = igMedia(ctx).get(req.params.id!)!;
  const auth = authorize(ctx, 'instagram', accessToken(req, await readParams(req)), IG_CALLS.media);
  if (!auth.ok) return auth.response;
  if (auth.token.accountId !== m.igUserId) return unsupportedRequest('GET', m.id);
  const picked = pickFields(req.query.get('fields'), {
    nodeType: 'IGMedia',
    known: MEDIA_FIELDS,
    defaults: ['id'],
    values: mediaValues(ctx, m),
  });
  return picked.ok ? json(200, picked.body) : picked.response;
}
