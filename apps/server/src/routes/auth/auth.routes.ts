import {
  AuthResult,
  ErrorBody,
  LoginBody,
  LoginResult,
  MeResponse,
  OkResponse,
  RegisterBody,
  UpdateMeBody,
} from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import { unauthorized } from '../../http/errors';
import { getUser, login, register } from '../../services/auth.service';
import { endSession } from '../../services/session.service';
import { updateSettings } from '../../services/users.service';
import { requestMeta } from './request-meta';

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Per client address: slows down password guessing and mass sign-ups.
    const rateLimit = { max: ctx.config.authRateLimitPerMinute, timeWindow: 60_000 };
    const guard = requireAuth(ctx);

    app.post(
      '/auth/register',
      {
        config: { rateLimit },
        schema: {
          tags: ['auth'],
          summary: 'Create an account; answers with a session token and the user',
          body: RegisterBody,
          response: { 201: AuthResult, 400: ErrorBody, 409: ErrorBody, 429: ErrorBody },
        },
      },
      async (request, reply) => reply.code(201).send(await register(ctx, request.body, requestMeta(request))),
    );

    app.post(
      '/auth/login',
      {
        config: { rateLimit },
        schema: {
          tags: ['auth'],
          summary: 'Sign in with username or e-mail and password',
          body: LoginBody,
          response: { 200: LoginResult, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
        },
      },
      async (request) => login(ctx, request.body, requestMeta(request)),
    );

    app.get(
      '/auth/me',
      {
        onRequest: guard,
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user',
          security: [{ bearer: [] }],
          response: { 200: MeResponse, 401: ErrorBody },
        },
      },
      async (request) => ({ user: await getUser(ctx, currentUser(request).id) }),
    );

    app.patch(
      '/auth/me',
      {
        onRequest: guard,
        schema: {
          tags: ['auth'],
          summary:
            "Change the signed-in user's settings: the IANA time zone times are entered and shown in, and " +
            'whether "Publish now" to a live (not sandbox) account asks first',
          security: [{ bearer: [] }],
          body: UpdateMeBody,
          response: { 200: MeResponse, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (request) => ({ user: await updateSettings(ctx, currentUser(request).id, request.body) }),
    );

    app.post(
      '/auth/logout',
      {
        onRequest: guard,
        schema: {
          tags: ['auth'],
          summary: 'Revoke the presented session token',
          security: [{ bearer: [] }],
          response: { 200: OkResponse, 401: ErrorBody },
        },
      },
      async (request) => {
        if (request.sessionId === undefined) throw unauthorized();
        await endSession(ctx, currentUser(request).id, request.sessionId);
        return { ok: true as const };
      },
    );
  };
