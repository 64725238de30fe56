// For the contract tests: X's OpenAPI document, and a check of a JSON value against its schemas (the subset
// of JSON Schema the document uses for these operations).
import fs from 'node:fs';
import { CONTRACTS_DIR } from '../../contracts/contracts-dir';

export { CONTRACTS_DIR };

export interface Schema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  oneOf?: Schema[];
  anyOf?: Schema[];
  nullable?: boolean;
  discriminator?: { propertyName: string; mapping: Record<string, string> };
}

export interface Operation {
  operationId: string;
  security: Record<string, string[]>[];
  parameters?: ({ name: string; in: string; schema: Schema } | { $ref: string })[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

export interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    parameters: Record<string, { name: string; schema: Schema }>;
    securitySchemes: { OAuth2UserToken: { flows: { authorizationCode: { scopes: Record<string, string> } } } };
  };
}

export const loadOpenApi = (): OpenApi =>
  JSON.parse(fs.readFileSync(`${CONTRACTS_DIR}x/openapi.json`, 'utf8')) as OpenApi;

export const resolve = (doc: OpenApi, s: Schema): Schema =>
  s.$ref ? resolve(doc, doc.components.schemas[s.$ref.split('/').pop()!]!) : s;

/**
 * Departures from the schema. `unknown` collects properties the schema does not name where it leaves objects
 * open: the emulator's additions, which a test lists one by one.
 */
export function check(doc: OpenApi, schema: Schema, value: unknown, at = '$', unknown: string[] = []): string[] {
  const s = resolve(doc, schema);
  const fail = (m: string) => [`${at}: ${m} (got ${JSON.stringify(value)?.slice(0, 80)})`];
  if (value === null) return s.nullable ? [] : fail('null');
  if (s.oneOf) {
    const key = s.discriminator?.propertyName;
    const mapped =
      key && typeof value === 'object' ? s.discriminator!.mapping[(value as Record<string, string>)[key]!] : undefined;
    if (mapped) return check(doc, { $ref: mapped }, value, at, unknown);
    const passing = s.oneOf.filter((o) => check(doc, o, value, at).length === 0).length;
    return passing === 1 ? [] : fail(`matches ${passing} of oneOf`);
  }
  if (s.anyOf) return s.anyOf.some((o) => check(doc, o, value, at).length === 0) ? [] : fail('matches none of anyOf');
  if (s.enum && !s.enum.includes(value)) return fail(`not one of ${s.enum.join(', ')}`);
  switch (s.type) {
    case 'string':
      if (typeof value !== 'string') return fail('expected a string');
      if (s.pattern && !new RegExp(s.pattern).test(value)) return fail(`does not match ${s.pattern}`);
      if (s.format === 'date-time' && Number.isNaN(Date.parse(value))) return fail('expected a date-time');
      return [];
    case 'integer':
    case 'number':
      if (typeof value !== 'number' || (s.type === 'integer' && !Number.isInteger(value)))
        return fail(`expected an ${s.type}`);
      if ((s.minimum !== undefined && value < s.minimum) || (s.maximum !== undefined && value > s.maximum))
        return fail('out of range');
      return [];
    case 'boolean':
      return typeof value === 'boolean' ? [] : fail('expected a boolean');
    case 'array': {
      if (!Array.isArray(value)) return fail('expected an array');
      if (
        (s.minItems !== undefined && value.length < s.minItems) ||
        (s.maxItems !== undefined && value.length > s.maxItems)
      )
        return fail('wrong number of items');
      return value.flatMap((v, i) => (s.items ? check(doc, s.items, v, `${at}[${i}]`, unknown) : []));
    }
  }
  if (s.type === 'object' || s.properties) {
    if (typeof value !== 'object' || Array.isArray(value)) return fail('expected an object');
    const o = value as Record<string, unknown>;
    const problems = (s.required ?? []).filter((k) => !(k in o)).map((k) => `${at}.${k}: required`);
    for (const [k, v] of Object.entries(o)) {
      const member = s.properties?.[k];
      if (member) problems.push(...check(doc, member, v, `${at}.${k}`, unknown));
      else if (s.additionalProperties === false) problems.push(`${at}.${k}: not allowed`);
      else if (typeof s.additionalProperties === 'object')
        problems.push(...check(doc, s.additionalProperties, v, `${at}.${k}`, unknown));
      // An object the document leaves free-form (no properties) may hold anything.
      else if (s.properties) unknown.push(`${at}.${k}`.replace(/\[\d+\]/g, '[]'));
    }
    return problems;
  }
  return [];
}

/** The 2xx response schema of an operation, by path and method. */
export function responseSchema(doc: OpenApi, path: string, method: string): Schema {
  const responses = doc.paths[path]![method]!.responses;
  const ok = Object.keys(responses).find((s) => s.startsWith('2'))!;
  return responses[ok]!.content!['application/json']!.schema;
}
