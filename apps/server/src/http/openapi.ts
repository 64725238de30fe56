import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ErrorBody } from '@fanout/contracts';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * Answers any operation may give besides its own, all `{error, code}`: a failure on our side (500), a
 * restart under way (503), and what the framework refuses before a handler runs: a request that does not
 * validate or holds unstorable text (400), a path parameter over the length limit (414), a body that is
 * too large (413) or not JSON (415). A signed-in call may also meet a personal API token that may not
 * make it (403 `api_token_scope`, `api_token_not_allowed`).
 */
function commonErrors(schema: FastifySchema & { security?: readonly unknown[] }): number[] {
  return [
    500,
    503,
    ...(schema.security?.length ? [403] : []),
    ...(schema.params ? [400, 414] : []),
    ...(schema.querystring ? [400] : []),
    ...(schema.body ? [400, 413, 415] : []),
  ];
}

function withCommonErrors<S extends FastifySchema & { hide?: boolean }>(schema: S): S {
  if (!schema || schema.hide || !schema.response) return schema;
  const response = { ...(schema.response as Record<string, unknown>) };
  for (const status of commonErrors(schema)) response[status] ??= ErrorBody;
  return { ...schema, response };
}

/** The OpenAPI document is generated from the same zod schemas the routes validate with. */
export async function registerOpenApi(app: FastifyInstance, version: string) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Fanout API',
        version,
        description:
          'Upload a video once, complete its details and publish it to six platforms. ' +
          'Every error body is `{error, code}`. Authenticate with `Authorization: Bearer <token>` from /api/auth/login, ' +
          'or with a personal API token (POST /api/auth/tokens): it may make every call but the security ones.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: (input: TransformInput) => jsonSchemaTransform({ ...input, schema: withCommonErrors(input.schema) }),
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
