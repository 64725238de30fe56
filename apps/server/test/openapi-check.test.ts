import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenApiChecker, watchServer, type OpenApiDocument, type ReceivedAnswer } from './openapi-check';
import { startTestServer, stopTestServer, type TestServer } from './test-server';

const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const error = json({ $ref: '#/components/schemas/Error' });

const DOCUMENT = {
  openapi: '3.0.3',
  paths: {
    '/api/items/{id}': {
      get: {
        responses: {
          200: json({
            type: 'object',
            properties: {
              id: { type: 'integer', minimum: 0, exclusiveMinimum: true },
              note: { type: 'string', nullable: true },
            },
            required: ['id', 'note'],
            additionalProperties: false,
          }),
          404: error,
        },
      },
    },
    '/api/items/special': { post: { responses: { 201: json({ type: 'object' }) } } },
    '/files/{name}': {
      get: { responses: { 200: { content: { 'video/*': { schema: { type: 'string' } } } }, 304: {} } },
    },
  },
  components: {
    schemas: {
      Error: {
        type: 'object',
        properties: { error: { type: 'string' }, code: { type: 'string' } },
        required: ['error', 'code'],
        additionalProperties: false,
      },
    },
  },
};

const checker = new OpenApiChecker(DOCUMENT);
const answer = (over: Partial<ReceivedAnswer>): ReceivedAnswer => ({
  method: 'GET',
  path: '/api/items/7',
  status: 200,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify({ id: 7, note: null }),
  ...over,
});

describe('checking answers against the OpenAPI document', () => {
  it('passes a documented status whose body fits its schema', () => {
    expect(checker.problems(answer({}))).toEqual([]);
    expect(checker.problems(answer({ path: '/api/items/7?x=1', body: '{"id":1,"note":"n"}' }))).toEqual([]);
  });

  it('names an undocumented status with the ones that are', () => {
    expect(checker.problems(answer({ status: 500 }))).toEqual([
      'GET /api/items/{id} → 500: status not documented (documented: 200, 404)',
    ]);
  });

  it('names every way a body differs from its schema', () => {
    const [problem] = checker.problems(answer({ body: JSON.stringify({ id: 0, extra: true }) }));
    expect(problem).toMatch(/does not match the documented schema/);
    expect(problem).toMatch(/must have required property 'note'/);
    expect(problem).toMatch(/must NOT have additional properties/);
    expect(problem).toMatch(/\/id must be > 0/);
    expect(checker.problems(answer({ status: 404, body: '{"error":"x"}' }))[0]).toMatch(/required property 'code'/);
  });

  it('refuses a JSON body where the document gives none, and a body that is not JSON', () => {
    expect(checker.problems(answer({ path: '/files/a.mp4' }))[0]).toMatch(/application\/json.* body not documented/);
    expect(checker.problems(answer({ body: 'oops' }))[0]).toMatch(/the body is not JSON/);
  });

  it('matches media type ranges, answers without a body, HEAD as GET, and literal paths first', () => {
    expect(checker.problems(answer({ path: '/files/a.mp4', contentType: 'video/mp4', body: undefined }))).toEqual([]);
    expect(checker.problems(answer({ path: '/files/a.mp4', status: 304, contentType: null }))).toEqual([]);
    expect(checker.problems(answer({ method: 'HEAD', status: 404, body: undefined }))).toEqual([]);
    const special = answer({ method: 'POST', path: '/api/items/special', status: 201, body: '{}' });
    expect(checker.problems(special)).toEqual([]);
  });

  it('leaves alone what is not an operation of the document', () => {
    expect(checker.problems(answer({ path: '/somewhere/else', status: 418 }))).toEqual([]);
  });
});

describe('the check on a running test server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('documents the stored files’ 200, 206 and 304 answers', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as typeof DOCUMENT;
    const live = new OpenApiChecker(doc);
    const file = { path: `/uploads/${'a'.repeat(32)}.mp4`, contentType: 'video/mp4', body: undefined };
    for (const status of [200, 206, 304]) expect(live.problems(answer({ ...file, status }))).toEqual([]);
    expect(live.problems(answer({ ...file, method: 'HEAD', status: 200 }))).toEqual([]);
  });

  it('makes a fetch fail when the answer is not in the document', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApiDocument;
    delete doc.paths?.['/api/health']?.get?.responses?.['200'];
    await watchServer(server.url, doc);
    try {
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow(
        /differs from the OpenAPI document: GET \/api\/health → 200: status not documented/,
      );
    } finally {
      await watchServer(server.url);
    }
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
