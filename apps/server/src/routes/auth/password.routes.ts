import {
  ChangePasswordBody,
  ChangePasswordResponse,
  ErrorBody,
  ReauthenticateBody,
  ReauthenticateResponse,
} from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import { unauthorized } from '../../http/errors';
import { changePassword } from '../../services/password-change.service';
import { reauthenticate } from '../../services/reauthentication.service';
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

    app.post(
      '/auth/reauthenticate',
      {
        onRequest: requireAuth(ctx),
        schema: {
          tags: ['auth'],
          security: [{ bearer: [] }],
          summary: 'Confirm it is you: check the password so this session may make sensitive changes',
          description:
            'Adding a passkey, removing one and setting up two-factor answer 403 `reauthentication_required` ' +
            'unless the session signed in, or confirmed the password here, within the last 10 minutes. On success ' +
            'this session counts as recently authenticated until `until` (10 minutes). 400 `invalid_password` ' +
            '(not 401: the session is fine), counted with the other password checks of signed-in screens; 429 ' +
            'with Retry-After after too many. An account without a password (created through an identity ' +
            'provider) cannot confirm one: 403 `reauthentication_required` once its sign-in is older than 10 ' +
            'minutes; it signs in again instead.',
          body: ReauthenticateBody,
          response: { 200: ReauthenticateResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
        },
      },
      async (request) => {
        if (request.sessionId === undefined) throw unauthorized();
        return reauthenticate(ctx, currentUser(request).id, request.sessionId, request.body.password);
      },
    );
  };
