// For the contract tests: the YouTube discovery document, and a check of a JSON value against its schemas.
import fs from 'node:fs';
import { CONTRACTS_DIR } from '../../contracts/contracts-dir';

export { CONTRACTS_DIR };

export interface DiscoverySchema {
  id?: string;
  type?: string;
  format?: string;
  $ref?: string;
  enum?: string[];
  properties?: Record<string, DiscoverySchema>;
  additionalProperties?: DiscoverySchema;
  items?: DiscoverySchema;
}

export interface DiscoveryMethod {
  id: string;
  scopes: string[];
  parameters: Record<string, { required?: boolean; repeated?: boolean; type: string }>;
  mediaUpload?: { accept: string[]; maxSize: string; protocols: Record<string, { multipart: boolean; path: string }> };
}

export interface DiscoveryDoc {
  rootUrl: string;
  schemas: Record<string, DiscoverySchema>;
  auth: { oauth2: { scopes: Record<string, unknown> } };
  resources: Record<string, { methods: Record<string, DiscoveryMethod> }>;
}

export const loadDiscovery = (file: string): DiscoveryDoc =>
  JSON.parse(fs.readFileSync(`${CONTRACTS_DIR}youtube/${file}`, 'utf8')) as DiscoveryDoc;

const INTEGER = /^-?\d+$/;

/**
 * Every way `value` departs from the schema: wrong types (int64/uint64 are decimal strings in Google's
 * JSON), values outside an enum, and properties the schema does not have (the emulator must not invent any).
 */
export function checkSchema(doc: DiscoveryDoc, schema: DiscoverySchema, value: unknown, at = '$'): string[] {
  if (schema.$ref) return checkSchema(doc, doc.schemas[schema.$ref]!, value, at);
  const problems: string[] = [];
  const fail = (m: string) => problems.push(`${at}: ${m} (got ${JSON.stringify(value)?.slice(0, 80)})`);
  switch (schema.type) {
    case 'string':
      if (typeof value !== 'string') fail('expected a string');
      else if ((schema.format === 'int64' || schema.format === 'uint64') && !INTEGER.test(value))
        fail(`expected ${schema.format}`);
      else if (schema.format === 'date-time' && Number.isNaN(Date.parse(value))) fail('expected a date-time');
      else if (schema.enum && !schema.enum.includes(value)) fail(`expected one of ${schema.enum.join(', ')}`);
      break;
    case 'integer':
      if (!Number.isInteger(value)) fail('expected an integer');
      break;
    case 'number':
      if (typeof value !== 'number') fail('expected a number');
      break;
    case 'boolean':
      if (typeof value !== 'boolean') fail('expected a boolean');
      break;
    case 'array':
      if (!Array.isArray(value)) fail('expected an array');
      else value.forEach((v, i) => problems.push(...checkSchema(doc, schema.items!, v, `${at}[${i}]`)));
      break;
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        fail('expected an object');
        break;
      }
      for (const [k, v] of Object.entries(value)) {
        const member = schema.properties?.[k] ?? schema.additionalProperties;
        if (!member) problems.push(`${at}.${k}: not a property of ${schema.id ?? 'the schema'}`);
        else problems.push(...checkSchema(doc, member, v, `${at}.${k}`));
      }
      break;
    }
  }
  return problems;
}
