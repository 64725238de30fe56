import {
  BackupCodesBody,
  BackupCodesResponse,
  ErrorBody,
  TwoFactorDisableBody,
  TwoFactorDisableResponse,
  TwoFactorEnableBody,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
  TwoFactorStatus,
} from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateBackupCodes,
  startTwoFactorSetup,
  twoFactorStatus,
} from '../../services/two-factor.service';
import { assertRecentlyAuthenticated } from '../../services/reauthentication.service';
import { requestMeta } from './request-meta';

const tags = ['two-factor'];
const security = [{ bearer: [] }];

export const twoFactorRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.post(
      '/auth/2fa/setup',
      {
        schema: {
          tags,
          security,
          summary: 'Start setting up an authenticator app: a new secret, pending until /auth/2fa/enable confirms it',
          description:
            '403 `reauthentication_required` unless this session signed in, or confirmed the password with ' +
            'POST /auth/reauthenticate, within the last 10 minutes (so a stolen session token alone cannot turn ' +
            'two-factor on with its own app); /auth/2fa/enable needs no check of its own, only a code from the ' +
            'secret issued here. 409 `two_factor_already_enabled`.',
          response: { 200: TwoFactorSetupResponse, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody },
        },
      },
      async (request) => {
        const user = currentUser(request);
        await assertRecentlyAuthenticated(ctx, user.id, request.sessionId);
        return startTwoFactorSetup(ctx, user);
      },
    );

    app.post(
      '/auth/2fa/enable',
      {
        schema: {
          tags,
          security,
          summary: 'Turn two-factor on with a code from the app; answers the 10 backup codes, shown only this once',
          description:
            'A wrong code is 400 `invalid_two_factor_code` (not 401: the session is fine). ' +
            '400 `two_factor_not_set_up` without a prior setup; 409 `two_factor_already_enabled`; 429 after too many wrong codes.',
          body: TwoFactorEnableBody,
          response: { 200: TwoFactorEnableResponse, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody, 429: ErrorBody },
        },
      },
      async (request) => enableTwoFactor(ctx, currentUser(request), request.body.token, requestMeta(request)),
    );

    app.get(
      '/auth/2fa/status',
      {
        schema: {
          tags,
          security,
          summary: 'Whether two-factor is on, and how many unused backup codes are left',
          response: { 200: TwoFactorStatus, 401: ErrorBody },
        },
      },
      async (request) => twoFactorStatus(ctx, currentUser(request).id),
    );

    app.post(
      '/auth/2fa/disable',
      {
        schema: {
          tags,
          security,
          summary: 'Turn two-factor off; needs the password and a current code or an unused backup code',
          description:
            '400 `invalid_password` or `invalid_two_factor_code`; 403 `reauthentication_required` for an account ' +
            'without a password whose sign-in is older than 10 minutes; 409 `two_factor_not_enabled`; 429.',
          body: TwoFactorDisableBody,
          response: {
            200: TwoFactorDisableResponse,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            409: ErrorBody,
            429: ErrorBody,
          },
        },
      },
      async (request) =>
        disableTwoFactor(ctx, currentUser(request), request.sessionId, request.body, requestMeta(request)),
    );

    app.post(
      '/auth/2fa/backup-codes',
      {
        schema: {
          tags,
          security,
          summary: 'Replace the backup codes with 10 new ones (the old ones stop working); needs a current code',
          body: BackupCodesBody,
          response: { 200: BackupCodesResponse, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody, 429: ErrorBody },
        },
      },
      async (request) => regenerateBackupCodes(ctx, currentUser(request), request.body.token, requestMeta(request)),
    );
  };
