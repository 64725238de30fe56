import {
  AuthResult,
  ErrorBody,
  IdentityProviderSignInBody,
  IdentityProviderSignInResult,
  IdentityProviderStartResponse,
  IdentityProviderTwoFactorBody,
} from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import {
  identityProviderSecondFactor,
  identityProviderSignIn,
  startIdentityProviderSignIn,
} from '../../services/identity-sign-in.service';
import { requestMeta } from './request-meta';

const tags = ['identity provider'];

export const identityProviderRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const rateLimit = { max: ctx.config.authRateLimitPerMinute, timeWindow: 60_000 };

    app.post(
      '/auth/google/start',
      {
        config: { rateLimit },
        schema: {
          tags,
          summary: 'Begin signing in with the identity provider: a single-use state and nonce (5 minutes)',
          description:
            'Send the browser to `authorizationUrl`. The provider returns to `redirectUri` ' +
            '(`{PUBLIC_URL}/login/oidc-callback`) with `#id_token=…&state=…`; post both to /api/auth/google. ' +
            'A provider widget (e.g. Google Identity Services) can use `clientId` and `nonce` instead. ' +
            '404 when no provider is configured; 503 when the provider cannot be reached.',
          response: { 200: IdentityProviderStartResponse, 404: ErrorBody, 429: ErrorBody, 503: ErrorBody },
        },
      },
      async () => startIdentityProviderSignIn(ctx),
    );

    app.post(
      '/auth/google',
      {
        config: { rateLimit },
        schema: {
          tags,
          summary: 'Sign in with the identity provider’s signed ID token; creates or links the account',
          description:
            'The ID token must verify against the provider’s published keys and carry its issuer, this client as ' +
            'audience, an unexpired lifetime, the nonce issued with `state`, and a verified e-mail address. ' +
            'The account is the one linked to the provider’s subject, else the one with that verified e-mail ' +
            '(linked now), else a new one. When that account (an existing one) has two-factor authentication on, ' +
            'the answer is `{requires2FA: true, challengeKey}` instead of a session, and nothing is linked yet: ' +
            'post the key with the code to /api/auth/google/2fa. Errors are 401 ' +
            '`{error: "<Provider> login failed: …", code}` with code `identity_provider_state_invalid`, ' +
            '`identity_provider_token_invalid`, `identity_provider_email_missing` or ' +
            '`identity_provider_email_unverified`; 400 for a body without credential and state.',
          body: IdentityProviderSignInBody,
          response: {
            200: IdentityProviderSignInResult,
            400: ErrorBody,
            401: ErrorBody,
            404: ErrorBody,
            429: ErrorBody,
            503: ErrorBody,
          },
        },
      },
      async (request) => identityProviderSignIn(ctx, request.body, requestMeta(request)),
    );

    app.post(
      '/auth/google/2fa',
      {
        config: { rateLimit },
        schema: {
          tags,
          summary: 'Finish an identity-provider sign-in with the account’s two-factor code',
          description:
            'For an answer `{requires2FA: true, challengeKey}` from /api/auth/google: the authenticator code, or a ' +
            'backup code with `isBackupCode: true` (each code works once). A right code links the identity when ' +
            'the account was found by e-mail, and signs in. A wrong code is 401 `invalid_two_factor_code` and counts ' +
            'as a failed sign-in of the account and the address (429 with Retry-After once over the limit); the key ' +
            'stays good for another try until it expires (5 minutes). An unknown, used or expired key is 401 ' +
            '`{error: "<Provider> login failed: …", code: "identity_provider_state_invalid"}`.',
          body: IdentityProviderTwoFactorBody,
          response: { 200: AuthResult, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 429: ErrorBody },
        },
      },
      async (request) => identityProviderSecondFactor(ctx, request.body, requestMeta(request)),
    );
  };
