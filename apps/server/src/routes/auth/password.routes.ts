import { ChangePasswordBody, ChangePasswordResponse, ErrorBody } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import { unauthorized } from '../../http/errors';
import { changePassword } from '../../services/password-change.service';
import { requestMeta } from './request-meta';

export const passwordRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/auth/password',
      {
        onRequest: requireAuth(ctx),
        schema: {
          tags: ['auth'],
          security: [{ bearer: [] }],
          summary: 'Change the password; every other session is signed out',
          description:
            '400 `invalid_password` (current password wrong; not 401, the session is fine), `weak_password`, ' +
            '`same_password` or `validation_failed`; 403 `reauthentication_required` for an account without a ' +
            'password whose sign-in is older than 10 minutes (it may set one within 10 minutes of signing in); 429.',
          body: ChangePasswordBody,
          response: { 200: ChangePasswordResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
        },
      },
      async (request) => {
        if (request.sessionId === undefined) throw unauthorized();
        return changePassword(ctx, currentUser(request), request.sessionId, request.body, requestMeta(request));
      },
    );
  };
