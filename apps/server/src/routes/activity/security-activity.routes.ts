import { ErrorBody, SecurityEventList, SecurityEventsQuery } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import { securityEventPage } from '../../services/security-events.service';

export const securityActivityRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/activity/security',
      {
        config: { access: { personal: true } },
        onRequest: requireAuth(ctx),
        schema: {
          tags: ['activity'],
          security: [{ bearer: [] }],
          summary: 'Security events of the account, newest first: sign-ins, 2FA on/off, passkeys, password, sessions',
          description:
            'Pages of `limit` (default 50, at most 100); pass `nextCursor` as `cursor` for the next page (`nextBefore` as ' +
            '`before` does the same). 400 `bad_cursor` for a cursor the server did not give. Security data: a ' +
            'signed-in session only, a personal API token gets 403 `api_token_not_allowed`.',
          querystring: SecurityEventsQuery,
          response: { 200: SecurityEventList, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (request) => securityEventPage(ctx, currentUser(request).id, request.query),
    );
  };
