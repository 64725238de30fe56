import { OAuthCallbackQuery, PlatformParams, type ConnectErrorCode } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { finishConnection, type ConnectOutcome } from '../../services/connections/connect.service';

const Redirect = z
  .null()
  .describe(
    'To `/accounts?pending={id}&platform={platform}` or `/accounts?error={code}&platform={platform}` (Location header)',
  );

export const oauthCallbackRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/oauth/:platform/callback',
      {
        config: { access: { public: true } },
        // The query carries the authorization code: no request log line should hold it.
        logLevel: 'warn',
        // A browser lands here: a malformed answer goes back to /accounts like any failed one.
        attachValidation: true,
        schema: {
          tags: ['connections'],
          summary: 'Where the platform sends the browser back after its authorize page (the OAuth redirect URI)',
          description:
            'No bearer token: the single-use state identifies the user, project and platform of whoever started ' +
            'the flow, but the browser that brings it back may be anyone’s (a link sent to someone else). So on ' +
            'success the grant is only kept, sealed, as a pending connection of the starter for 10 minutes, and the ' +
            'browser goes to `/accounts?pending={id}&platform={platform}`, where the app confirms it with its own ' +
            'session (`POST /api/connections/pending/{id}/confirm`): it is connected only when that session is the ' +
            "starter's. Otherwise nothing is stored and it goes to `/accounts?error={code}&platform={platform}`: " +
            '`access_denied` (the platform sent an error: the person refused), `invalid_state` (missing, unknown, ' +
            'used, expired or of another platform), `exchange_failed` (the code exchange or the profile failed), ' +
            '`platform_unavailable`, or `account_unusable` (the account cannot publish, e.g. a Facebook user with no Page).',
          params: PlatformParams,
          querystring: OAuthCallbackQuery,
          response: { 302: Redirect },
        },
      },
      async (request, reply) => {
        let outcome: ConnectOutcome;
        if (request.validationError) outcome = { error: 'invalid_state' };
        else {
          try {
            outcome = await finishConnection(ctx, request.params.platform, request.query);
          } catch (err) {
            request.log.error({ err }, 'connecting a platform account failed');
            outcome = { error: 'exchange_failed' satisfies ConnectErrorCode };
          }
        }
        // The platform is named back so the screen can say which connection failed.
        const query =
          'pending' in outcome
            ? `pending=${outcome.pending}&platform=${outcome.platform}`
            : `error=${outcome.error}${request.validationError ? '' : `&platform=${request.params.platform}`}`;
        return reply.redirect(`/accounts?${query}`, 302);
      },
    );
  };
