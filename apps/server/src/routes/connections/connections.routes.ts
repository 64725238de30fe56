import {
  API_TOKEN_NOT_ALLOWED,
  ConfirmedConnection,
  ConfirmPendingBody,
  ConnectionList,
  ConnectionsQuery,
  ErrorBody,
  IdParams,
  OkResponse,
  PendingConnectionChoices,
  PendingConnectionParams,
  PlatformParams,
  StartConnectionBody,
  StartConnectionResponse,
} from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ownerOf } from '../../http/access-guard';
import { currentUser, requireAuth } from '../../http/auth-guard';
import { forbidden } from '../../http/errors';
import { confirmPendingConnection, pendingChoices } from '../../services/connections/confirm-connection.service';
import { startConnection } from '../../services/connections/connect.service';
import { deleteConnection, listConnections } from '../../services/connections/connections.service';

const common = { tags: ['connections'], security: [{ bearer: [] }] };

/**
 * Connecting binds a platform account to the person who approves it in their browser: a script's token is
 * no such person, and a leaked one must not become a way to hand out authorize links or confirm grants.
 */
async function sessionOnly(request: FastifyRequest): Promise<void> {
  if (request.apiToken) {
    throw forbidden('Connecting a platform account needs a signed-in session, not an API token', API_TOKEN_NOT_ALLOWED);
  }
}

export const connectionsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.get(
      '/connections',
      {
        config: { access: { project: 'query.project_id', need: 'see_posts' } },
        schema: {
          ...common,
          summary: "The platform accounts connected to one of your projects, with each one's health",
          description:
            '`status` is `needs_reconnect` (with the platform’s reason) when a refresh failed for good, `expiring` ' +
            'when access ends within 7 days and cannot be renewed without you, else `connected`. Tokens are never sent.',
          querystring: ConnectionsQuery,
          response: { 200: ConnectionList, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => ({
        connections: await listConnections(ctx, ownerOf(request), request.query.project_id),
      }),
    );

    app.post(
      '/connections/:platform/start',
      {
        config: { access: { project: 'body.project_id', need: 'manage_accounts' } },
        schema: {
          ...common,
          summary: "Begin connecting a platform account to a project: the platform's authorize page",
          description:
            'Send the browser to `url`. The state in it is single use, valid 10 minutes and bound to you, the ' +
            'project and the platform. The platform returns to `{PUBLIC_URL}/api/oauth/{platform}/callback`, ' +
            'which keeps the grant pending and ends at `/accounts?pending={id}&platform={platform}` (confirm it ' +
            'with `POST /api/connections/pending/{id}/confirm`) or `/accounts?error={code}&platform={platform}`. ' +
            'A project may connect several accounts of one platform: connecting one it has already renews that ' +
            'connection (same id); another becomes a connection of its own. 403 `api_token_not_allowed` ' +
            'for a personal API token: only a signed-in session connects. 409 `platform_unavailable` when this ' +
            'server has neither live credentials nor the sandbox for the platform.',
          params: PlatformParams,
          body: StartConnectionBody,
          response: {
            200: StartConnectionResponse,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
          },
        },
        onRequest: sessionOnly,
      },
      async (request) => startConnection(ctx, ownerOf(request), request.params.platform, request.body.project_id),
    );

    app.get(
      '/connections/pending/:id',
      {
        config: { access: { personal: true } },
        schema: {
          ...common,
          summary: 'The accounts a pending grant may connect, for you to choose from',
          description:
            'Most platforms give one account; Facebook gives every Page the person manages. Each has ' +
            '`connectionId` when the project has connected it already (connecting it again renews it). The grant ' +
            'stays pending for `POST /api/connections/pending/{id}/confirm`. 403 `wrong_account` when another ' +
            'account started it (the grant is dropped); 410 `expired` when the id is unknown, already used or ' +
            'older than 10 minutes; 404 when the project is gone.',
          params: PendingConnectionParams,
          response: {
            200: PendingConnectionChoices,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            410: ErrorBody,
          },
        },
        onRequest: sessionOnly,
      },
      async (request) => pendingChoices(ctx, currentUser(request).id, request.params.id),
    );

    app.post(
      '/connections/pending/:id/confirm',
      {
        config: { access: { personal: true } },
        schema: {
          ...common,
          summary: 'Connect the grant a platform gave, if you are the one who started connecting it',
          description:
            'The callback sends the browser to `/accounts?pending={id}&platform={platform}`; the app confirms the ' +
            "grant with the signed-in person's session. It is connected only for the account that started the " +
            'flow: each account chosen (`accountIds`, needed when the grant holds several: 409 `choose_accounts` ' +
            'otherwise, the grant left pending) becomes a connection of the project, or renews the one it has of ' +
            'that account (same id). `connection` is the first of `connections`. 400 `unknown_account` for an ' +
            'account the grant does not hold (the grant stays pending). Otherwise single use: any answer uses the ' +
            'pending grant up. 403 `wrong_account` when another account started it (the grant is dropped and nothing is ' +
            "stored: whoever approved the platform's page was not the one who asked); 403 " +
            '`api_token_not_allowed` for a personal API token (the grant stays for the session to confirm); 410 ' +
            '`expired` when the id is unknown, already used or older than 10 minutes; 404 when the project is ' +
            'gone; 409 `platform_unavailable` when the platform cannot be connected on this server any more.',
          params: PendingConnectionParams,
          body: ConfirmPendingBody.nullish(),
          response: {
            200: ConfirmedConnection,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
            410: ErrorBody,
          },
        },
        onRequest: sessionOnly,
      },
      async (request) => {
        const { id } = request.params;
        const connections = await confirmPendingConnection(ctx, currentUser(request).id, id, request.body?.accountIds);
        return { connection: connections[0]!, connections };
      },
    );

    app.delete(
      '/connections/:id',
      {
        config: { access: { row: 'platform_connections', at: 'params.id', need: 'manage_accounts' } },
        schema: {
          ...common,
          summary: 'Disconnect a platform account: its stored grant is deleted',
          description:
            "Other accounts of the same platform stay connected. The account's posts keep their history " +
            '(`connectionId` becomes null); its scheduled ones fail when they come due.',
          params: IdParams,
          response: { 200: OkResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => {
        await deleteConnection(ctx, ownerOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
