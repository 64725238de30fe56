import { createFanoutClient, createFanoutMcpServer } from '@fanout/client';
import { ErrorBody } from '@fanout/contracts';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { bearerToken } from '../../http/auth-guard';
import { unauthorized } from '../../http/errors';
import { authenticateApiToken, isApiTokenSecret } from '../../services/api-tokens/api-tokens.service';
import { injectFetch } from './inject-fetch';

const common = { tags: ['mcp'], security: [{ bearer: [] }] };
/** A JSON-RPC message (or a batch of them), as the MCP Streamable HTTP transport sends and answers. */
const JsonRpcMessage = z.looseObject({ jsonrpc: z.literal('2.0') });
const JsonRpc = z.union([JsonRpcMessage, z.array(JsonRpcMessage).min(1)]);
/** The transport answers as JSON or as an event stream, as the client prefers: it must accept both. */
const acceptsBoth = (accept = '') => accept.includes('application/json') && accept.includes('text/event-stream');

/**
 * The Model Context Protocol server at /mcp (docs/mcp.md), Streamable HTTP in stateless mode: each POST is
 * answered by a server made for it. Only a personal API token gets in (a signed-in browser's session does
 * not), and every tool calls the API routes themselves through `app.inject` with the caller's token, so
 * their access rules, scopes, limits and approval hold as they do for any other call.
 */
export const mcpRoutes =
  (ctx: AppContext, root: FastifyInstance, version: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token || !isApiTokenSecret(token))
        throw unauthorized(
          'Connect with a personal API token (Settings → API tokens) as `Authorization: Bearer <token>`',
          'api_token_required',
        );
      const found = await authenticateApiToken(ctx, token);
      if (!found) throw unauthorized('This API token is unknown, revoked or expired', 'unauthorized');
      request.user = found.user;
      request.apiToken = { id: found.tokenId, scopes: found.scopes };
    });

    app.post(
      '/mcp',
      {
        config: { access: { personal: true } },
        schema: {
          ...common,
          summary: 'The MCP server (Streamable HTTP, stateless): tools to upload, schedule and follow posts',
          description:
            'For MCP clients (docs/mcp.md): send JSON-RPC messages with `Accept: application/json, ' +
            'text/event-stream` and a personal API token; each tool calls this API with that token, so a read ' +
            'token is refused every write tool (`api_token_scope`). Answers are JSON (202 with no body for a ' +
            'notification). No session is kept: no `Mcp-Session-Id`. 401 `api_token_required` without a ' +
            "personal API token (a browser's session does not do); 406 when Accept lacks either type.",
          body: JsonRpc,
          response: { 200: JsonRpc, 202: z.null(), 401: ErrorBody, 406: ErrorBody },
        },
      },
      async (request, reply) => {
        if (!acceptsBoth(request.headers.accept))
          return reply.code(406).send({
            error: 'Send Accept: application/json, text/event-stream (an MCP client does)',
            code: 'not_acceptable',
          });
        return serve(root, version, request, reply);
      },
    );

    const notHere = {
      config: { access: { personal: true } },
      schema: {
        ...common,
        summary: 'Not served: the MCP server keeps no session and opens no event stream',
        description: '405 `method_not_allowed`: the server is stateless; POST each message to /mcp.',
        response: { 401: ErrorBody, 405: ErrorBody },
      },
    } as const;
    const refuse = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(405)
        .header('allow', 'POST')
        .send({ error: 'This MCP server is stateless: POST each message to /mcp', code: 'method_not_allowed' });
    app.get('/mcp', notHere, refuse);
    app.delete('/mcp', notHere, refuse);
  };

async function serve(root: FastifyInstance, version: string, request: FastifyRequest, reply: FastifyReply) {
  // The token is sent by injectFetch as the caller sent it; the address is only for building request URLs.
  const api = createFanoutClient(
    { url: 'http://fanout.internal', token: '' },
    injectFetch(root, request.headers.authorization!, request.ip),
  );
  const server = createFanoutMcpServer({ api }, version);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  reply.hijack();
  reply.raw.on('close', () => {
    void transport.close();
    void server.close();
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  } catch (err) {
    request.log.error({ err }, 'mcp request failed');
    if (!reply.raw.headersSent) {
      reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      reply.raw.end(JSON.stringify({ error: 'The MCP request failed on our side', code: 'internal_error' }));
    }
  }
}
