import { ApiTokenList, CreateApiTokenBody, CreatedApiToken, ErrorBody, IdParams, OkResponse } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import { apiTokensOf, createApiToken, revokeUserApiToken } from '../../services/api-tokens/api-tokens.service';
import { requestMeta } from './request-meta';

const tags = ['api-tokens'];
const security = [{ bearer: [] }];
const SESSION_ONLY = 'A security call: it needs a signed-in session; an API token gets 403 `api_token_not_allowed`.';

export const apiTokensRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.get(
      '/auth/tokens',
      {
        schema: {
          tags,
          security,
          summary: 'Your personal API tokens (not revoked), newest first, with their last use',
          description: SESSION_ONLY,
          response: { 200: ApiTokenList, 401: ErrorBody, 403: ErrorBody },
        },
      },
      async (request) => ({ tokens: await apiTokensOf(ctx, currentUser(request).id) }),
    );

    app.post(
      '/auth/tokens',
      {
        schema: {
          tags,
          security,
          summary: 'Make a personal API token; its secret is in this answer only',
          description:
            `${SESSION_ONLY} Send the secret as \`Authorization: Bearer <secret>\`: it makes every call a session ` +
            'may make except the security calls; a `read` token only GET and HEAD (else 403 `api_token_scope`). ' +
            '403 `reauthentication_required` unless this session signed in or confirmed the password in the last ' +
            '10 minutes; 400 `validation_failed` (expiry in the past …); 409 `too_many_api_tokens` past 50.',
          body: CreateApiTokenBody,
          response: { 201: CreatedApiToken, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await createApiToken(ctx, currentUser(request).id, request.sessionId, request.body, requestMeta(request)),
          ),
    );

    app.delete(
      '/auth/tokens/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Revoke a personal API token: it stops working at once',
          description: SESSION_ONLY,
          params: IdParams,
          response: { 200: OkResponse, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => {
        await revokeUserApiToken(ctx, currentUser(request).id, request.params.id, requestMeta(request));
        return { ok: true as const };
      },
    );
  };
