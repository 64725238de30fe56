import { ErrorBody, IdParams, OkResponse, RevokedSessions, SessionList } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import { unauthorized } from '../../http/errors';
import { revokeOtherSessionsOf, revokeSession, sessionsOf } from '../../services/account-sessions.service';
import { requestMeta } from './request-meta';

const tags = ['sessions'];
const security = [{ bearer: [] }];

export const sessionsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.get(
      '/auth/sessions',
      {
        schema: {
          tags,
          security,
          summary: 'Where the user is signed in: live sessions, most recently used first, the current one flagged',
          response: { 200: SessionList, 401: ErrorBody },
        },
      },
      async (request) => ({ sessions: await sessionsOf(ctx, currentUser(request).id, request.sessionId) }),
    );

    app.delete(
      '/auth/sessions/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Sign one session out; its token stops working at once (revoking the current one logs out)',
          params: IdParams,
          response: { 200: OkResponse, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => {
        await revokeSession(ctx, currentUser(request).id, request.params.id, requestMeta(request));
        return { ok: true as const };
      },
    );

    app.post(
      '/auth/sessions/revoke-others',
      {
        schema: {
          tags,
          security,
          summary: 'Sign out everywhere else: every session but the current one',
          response: { 200: RevokedSessions, 401: ErrorBody },
        },
      },
      async (request) => {
        if (request.sessionId === undefined) throw unauthorized();
        const revoked = await revokeOtherSessionsOf(
          ctx,
          currentUser(request).id,
          request.sessionId,
          requestMeta(request),
        );
        return { revoked };
      },
    );
  };
