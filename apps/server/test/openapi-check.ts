import http from 'node:http';
import Ajv, { type ValidateFunction } from 'ajv';

/**
 * Every answer a test receives from a test server is checked against the OpenAPI document that server
 * publishes: its status must be documented for the method and path, and a JSON body must validate against
 * that status's schema (any other body must have a documented media type). So the document cannot drift
 * from what the API does as endpoints are added: a test that meets an undocumented answer fails.
 *
 * Installed by test-server.ts (each started server is watched until it closes) by wrapping the global
 * fetch, so the api() helper, upload helpers and plain fetch calls in tests are all covered.
 */

interface MediaTypeObject {
  schema?: unknown;
}
interface ResponseObject {
  content?: Record<string, MediaTypeObject>;
}
interface OperationObject {
  responses?: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  paths?: Record<string, Record<string, OperationObject>>;
}

interface Route {
  template: string;
  pattern: RegExp;
  /** Literal segments win over parameters: /api/videos/bulk-delete before /api/videos/{id}. */
  params: number;
  operations: Record<string, OperationObject>;
}

export interface ReceivedAnswer {
  method: string;
  /** Path and query, e.g. /api/videos/3?x=1 */
  path: string;
  status: number;
  contentType: string | null;
  /** The body as text; undefined when it was not read (not JSON). */
  body: string | undefined;
}

const DOC_ID = 'openapi';

/** A JSON-pointer segment inside a URI fragment. */
const segment = (s: string) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'));

const isJson = (contentType: string | null) => /[/+]json\b/i.test(contentType ?? '');

function mediaTypeMatches(documented: string, actual: string): boolean {
  const [type, subtype] = documented.toLowerCase().split(';')[0]!.trim().split('/');
  const [aType, aSubtype] = actual.toLowerCase().split(';')[0]!.trim().split('/');
  return (type === '*' || type === aType) && (subtype === '*' || subtype === aSubtype);
}

/**
 * OpenAPI 3.0 writes exclusive bounds the draft-4 way (`minimum: 0, exclusiveMinimum: true`); Ajv reads
 * draft-07 (`exclusiveMinimum: 0`); a nullable enum lists null in it. The rest of the subset fastify-swagger emits (with `nullable`) Ajv reads.
 */
function toDraft7(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toDraft7);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = toDraft7(value);
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] !== 'boolean') continue;
    if (out[flag] === true) {
      out[flag] = out[bound];
      delete out[bound];
    } else delete out[flag];
  }
  // OpenAPI 3.0.3: `nullable: true` allows null, also beside an `enum` (a nullable platform); Ajv's enum does not.
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  return out;
}

export class OpenApiChecker {
  private readonly ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, validateFormats: false });
  private readonly routes: Route[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    this.ajv.addSchema(toDraft7(document) as object, DOC_ID);
    this.routes = Object.entries(document.paths ?? {}).map(([template, operations]) => {
      const parts = template.split(/\{[^}]+\}/).map((p) => p.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
      return {
        template,
        pattern: new RegExp(`^${parts.join('[^/]+')}$`),
        params: parts.length - 1,
        operations,
      };
    });
  }

  private route(method: string, pathname: string): { route: Route; method: string } | null {
    const matching = this.routes.filter((r) => r.pattern.test(pathname)).sort((a, b) => a.params - b.params);
    const lower = method.toLowerCase();
    for (const wanted of lower === 'head' ? ['head', 'get'] : [lower]) {
      const route = matching.find((r) => r.operations[wanted]);
      if (route) return { route, method: wanted };
    }
    return null;
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOC_ID}#${pointer}` });
      this.validators.set(pointer, validate);
    }
    return validate;
  }

  /** What is wrong with this answer according to the document; empty when nothing is (or the path is not an API operation). */
  problems(answer: ReceivedAnswer): string[] {
    const pathname = answer.path.split('?')[0]!;
    const found = this.route(answer.method, pathname);
    // Not an operation of the document: the web app's pages, hidden routes, unknown paths (404).
    if (!found) return [];
    const { route, method } = found;
    const responses = route.operations[method]?.responses ?? {};
    const key = [String(answer.status), `${String(answer.status)[0]}XX`, 'default'].find((k) => responses[k]);
    const where = `${answer.method} ${route.template} → ${answer.status}`;
    if (!key) return [`${where}: status not documented (documented: ${Object.keys(responses).join(', ') || 'none'})`];

    const hasBody = answer.method !== 'HEAD' && answer.status !== 204 && answer.status !== 304;
    if (!hasBody || !answer.contentType) return [];
    const content = responses[key]?.content ?? {};
    const mediaType = Object.keys(content).find((t) => mediaTypeMatches(t, answer.contentType!));
    if (!mediaType) {
      return [
        `${where}: ${answer.contentType} body not documented (documented: ${Object.keys(content).join(', ') || 'no body'})`,
      ];
    }
    if (!isJson(answer.contentType) || answer.body === undefined || content[mediaType]?.schema === undefined) return [];

    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return [`${where}: the body is not JSON: ${answer.body.slice(0, 200)}`];
    }
    const pointer = ['', 'paths', route.template, method, 'responses', key, 'content', mediaType, 'schema']
      .map(segment)
      .join('/');
    const validate = this.validator(pointer);
    if (validate(body)) return [];
    const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''}`.trim());
    return [
      `${where}: body does not match the documented schema: ${errors.join('; ')}; body: ${answer.body.slice(0, 300)}`,
    ];
  }
}

const originalFetch = globalThis.fetch;
const watched = new Map<string, OpenApiChecker>();

/** GET over a connection of its own that closes after the answer, so no kept-alive socket outlives it. */
function getJson(url: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`GET ${url} answered ${res.statusCode}`));
          else resolve(JSON.parse(text));
        });
      })
      .on('error', reject);
  });
}

/**
 * Loads the server's document (or takes the one given, for tests of the check itself); its answers are
 * checked from now until unwatchServer.
 */
export async function watchServer(origin: string, document?: OpenApiDocument) {
  const base = new URL(origin).origin;
  const doc = document ?? ((await getJson(`${base}/api/openapi.json`)) as OpenApiDocument);
  watched.set(base, new OpenApiChecker(doc));
}

export function unwatchServer(origin: string) {
  watched.delete(new URL(origin).origin);
}

function requestOf(input: Parameters<typeof fetch>[0], init: Parameters<typeof fetch>[1]) {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  return { url, method };
}

async function checkedFetch(input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) {
  const res = await originalFetch(input, init);
  const { url, method } = requestOf(input, init);
  const checker = watched.get(url.origin);
  if (!checker || url.pathname === '/api/openapi.json') return res;
  const contentType = res.headers.get('content-type');
  const body = isJson(contentType) && method !== 'HEAD' ? await res.clone().text() : undefined;
  const answer = { method, path: `${url.pathname}${url.search}`, status: res.status, contentType, body };
  const problems = checker.problems(answer);
  if (problems.length > 0) throw new Error(`The answer differs from the OpenAPI document: ${problems.join('\n')}`);
  return res;
}

let installed = false;

/** Wraps the global fetch once per test worker; requests to servers not watched pass through untouched. */
export function installOpenApiCheck() {
  if (installed) return;
  installed = true;
  globalThis.fetch = checkedFetch as typeof fetch;
}
