import {
  AuthResult,
  ErrorBody,
  IdParams,
  OkResponse,
  PasskeyAuthenticateOptionsBody,
  PasskeyAuthenticateVerifyBody,
  PasskeyAuthenticationOptions,
  PasskeyList,
  PasskeyRegisterVerifyBody,
  PasskeyRegistrationOptions,
  PasskeyRenameBody,
  PasskeyResponse,
} from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import { passkeyAuthenticationOptions, verifyPasskeySignIn } from '../../services/passkey-authentication.service';
import { passkeyRegistrationOptions, verifyPasskeyRegistration } from '../../services/passkey-registration.service';
import { passkeysOf, removeUserPasskey, renameUserPasskey } from '../../services/passkeys.service';
import { assertRecentlyAuthenticated } from '../../services/reauthentication.service';
import { requestMeta } from './request-meta';

const tags = ['passkeys'];
const security = [{ bearer: [] }];
/** The "confirm it's you" rule, for the OpenAPI descriptions of the calls it guards. */
const RECENT_AUTH =
  '403 `reauthentication_required` unless this session signed in, or confirmed the password with ' +
  'POST /auth/reauthenticate, within the last 10 minutes: a stolen session token alone must not plant ' +
  'or remove a way in.';

export const passkeyRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = requireAuth(ctx);
    // Per client address, like password sign-in: each options call stores a challenge.
    const rateLimit = { max: ctx.config.authRateLimitPerMinute, timeWindow: 60_000 };

    app.post(
      '/auth/passkey/register/options',
      {
        onRequest: guard,
        schema: {
          tags,
          security,
          summary: 'Options for navigator.credentials.create(): a discoverable passkey with user verification',
          description:
            `The challenge is single use and expires after 5 minutes. ${RECENT_AUTH} ` +
            'The verify call needs no check of its own: it only accepts a challenge issued by this call.',
          response: { 200: PasskeyRegistrationOptions, 401: ErrorBody, 403: ErrorBody },
        },
      },
      async (request) => {
        const user = currentUser(request);
        await assertRecentlyAuthenticated(ctx, user.id, request.sessionId);
        return passkeyRegistrationOptions(ctx, user);
      },
    );

    app.post(
      '/auth/passkey/register/verify',
      {
        onRequest: guard,
        schema: {
          tags,
          security,
          summary: 'Store the new passkey from the browser’s attestation (RegistrationResponseJSON)',
          description:
            '400 `passkey_challenge_invalid` when the options were used already or expired; 400 `passkey_invalid` ' +
            'when the attestation does not verify (origin, RP ID, challenge, user verification); 409 `passkey_exists`.',
          body: PasskeyRegisterVerifyBody,
          response: { 201: PasskeyResponse, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          passkey: await verifyPasskeyRegistration(ctx, currentUser(request), request.body, requestMeta(request)),
        }),
    );

    app.post(
      '/auth/passkey/authenticate/options',
      {
        config: { rateLimit },
        schema: {
          tags,
          summary: 'Options for navigator.credentials.get(), plus the challengeKey to send back',
          description:
            'The same kind of answer whatever identifier is sent (no allowCredentials): the passkey the person ' +
            'picks names the account, and the answer never tells whether an account exists.',
          body: PasskeyAuthenticateOptionsBody,
          response: { 200: PasskeyAuthenticationOptions, 400: ErrorBody, 429: ErrorBody },
        },
      },
      async () => passkeyAuthenticationOptions(ctx),
    );

    app.post(
      '/auth/passkey/authenticate/verify',
      {
        config: { rateLimit },
        schema: {
          tags,
          summary: 'Sign in with the browser’s assertion (AuthenticationResponseJSON); no two-factor code needed',
          description:
            '400 `passkey_challenge_invalid` (challengeKey unknown, used or expired); 401 `passkey_unknown` ' +
            '(no such passkey here) or `passkey_invalid` (signature, origin, user verification or a signature ' +
            'counter that went backwards); 429 with Retry-After after too many failures per address or account.',
          body: PasskeyAuthenticateVerifyBody,
          response: { 200: AuthResult, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
        },
      },
      async (request) => verifyPasskeySignIn(ctx, request.body, requestMeta(request)),
    );

    app.get(
      '/auth/passkey/list',
      {
        onRequest: guard,
        schema: {
          tags,
          security,
          summary: 'The signed-in user’s passkeys',
          response: { 200: PasskeyList, 401: ErrorBody },
        },
      },
      async (request) => ({ passkeys: await passkeysOf(ctx, currentUser(request).id) }),
    );

    app.patch(
      '/auth/passkey/:id',
      {
        onRequest: guard,
        schema: {
          tags,
          security,
          summary: 'Rename a passkey',
          params: IdParams,
          body: PasskeyRenameBody,
          response: { 200: PasskeyResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => ({
        passkey: await renameUserPasskey(ctx, currentUser(request).id, request.params.id, request.body.deviceName),
      }),
    );

    app.delete(
      '/auth/passkey/:id',
      {
        onRequest: guard,
        schema: {
          tags,
          security,
          summary: 'Remove a passkey',
          description: RECENT_AUTH,
          params: IdParams,
          response: { 200: OkResponse, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => {
        const user = currentUser(request);
        await assertRecentlyAuthenticated(ctx, user.id, request.sessionId);
        await removeUserPasskey(ctx, user, request.params.id, requestMeta(request));
        return { ok: true as const };
      },
    );
  };
