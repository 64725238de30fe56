import {
  ConnectionList,
  ConnectionsQuery,
  ErrorBody,
  IdParams,
  OkResponse,
  PlatformParams,
  StartConnectionBody,
  StartConnectionResponse,
} from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import { startConnection } from '../../services/connections/connect.service';
import { deleteConnection, listConnections } from '../../services/connections/connections.service';

const common = { tags: ['connections'], security: [{ bearer: [] }] };

export const connectionsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.get(
      '/connections',
      {
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
        connections: await listConnections(ctx, currentUser(request).id, request.query.project_id),
      }),
    );

    app.post(
      '/connections/:platform/start',
      {
        schema: {
          ...common,
          summary: "Begin connecting a platform account to a project: the platform's authorize page",
          description:
            'Send the browser to `url`. The state in it is single use, valid 10 minutes and bound to you, the ' +
            'project and the platform. The platform returns to `{PUBLIC_URL}/api/oauth/{platform}/callback`, ' +
            'which ends at `/accounts?connected={platform}` or `/accounts?error={code}`. Connecting replaces the ' +
            "project's current account on that platform. 409 `platform_unavailable` when this server has neither " +
            'live credentials nor the sandbox for the platform.',
          params: PlatformParams,
          body: StartConnectionBody,
          response: { 200: StartConnectionResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (request) =>
        startConnection(ctx, currentUser(request).id, request.params.platform, request.body.project_id),
    );

    app.delete(
      '/connections/:id',
      {
        schema: {
          ...common,
          summary: 'Disconnect a platform account: its stored grant is deleted',
          params: IdParams,
          response: { 200: OkResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => {
        await deleteConnection(ctx, currentUser(request).id, request.params.id);
        return { ok: true as const };
      },
    );
  };
