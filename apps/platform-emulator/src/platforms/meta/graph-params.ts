import type { EmuRequest, EmuResponse, Multipart } from '../../core/http';
import type { Store } from '../../core/store';
import { invalidParam, nonexistingField, unknownParam } from './graph-errors';

/** Parameters of a Graph call: Graph reads them from the query string, a form, a multipart form or a JSON body. */
export interface GraphParams {
  values: Map<string, string>;
  files: Multipart['files'];
  get(name: string): string | undefined;
}

/**
 * `files`: where a route that takes a video puts multipart files (each streamed into a blob, up to `maxBytes`);
 * other routes keep them in memory, at most MAX_FILE_IN_MEMORY each (Graph refuses them as unknown params).
 */
export async function readParams(req: EmuRequest, files?: { store: Store; maxBytes: number }): Promise<GraphParams> {
  const values = new Map<string, string>(req.query);
  let received: Multipart['files'] = [];
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (req.method !== 'GET') {
    if (type.startsWith('multipart/form-data')) {
      const parts = await req.multipart(files && { toBlobs: files.store, maxFileBytes: files.maxBytes });
      for (const [k, v] of Object.entries(parts.fields)) values.set(k, v);
      received = parts.files;
    } else if (type.startsWith('application/json')) {
      const body = await req.json();
      if (body && typeof body === 'object' && !Array.isArray(body))
        for (const [k, v] of Object.entries(body)) values.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    } else {
      for (const [k, v] of await req.form()) values.set(k, v);
    }
  }
  return { values, files: received, get: (name) => values.get(name) };
}

/** The access token: `Authorization: Bearer|OAuth <t>`, or `access_token` in the query, form or JSON body. */
export function accessToken(req: EmuRequest, params: GraphParams): string | undefined {
  return req.bearer() ?? params.get('access_token') ?? undefined;
}

/**
 * A parameter as the Meta SDK codegen specs type it (`string`, `bool`, `unsigned int`, `list<string>`,
 * `map`, `datetime`, or an enum type name such as `pagevideo_reels_upload_phase_enum_param`).
 * `values`: the accepted values of an enum (compared without case where `anyCase`).
 */
export interface ParamSpec {
  type: string;
  values?: readonly string[];
  anyCase?: boolean;
}
export type ParamTable = Readonly<Record<string, ParamSpec>>;

/** Parameters every Graph call may carry, whatever the edge. */
export const UNIVERSAL_PARAMS: readonly string[] = [
  'access_token',
  'appsecret_proof',
  'appsecret_time',
  'fields',
  'format',
  'method',
  'pretty',
  'suppress_http_code',
  'locale',
  'debug',
  'sdk',
  'transport',
];

/**
 * Refuses a parameter the edge does not take (`(#100) Param X is not a valid parameter`) and a value that does
 * not fit its type or enum. Answers undefined when all is well.
 */
export function checkParams(params: GraphParams, table: ParamTable): EmuResponse | undefined {
  for (const [name, value] of params.values) {
    if (UNIVERSAL_PARAMS.includes(name)) continue;
    const spec = table[name];
    if (!spec) return unknownParam(name);
    const problem = valueProblem(name, value, spec);
    if (problem) return invalidParam(problem);
  }
  for (const file of params.files) if (!table[file.field]) return unknownParam(file.field);
  return undefined;
}

function valueProblem(name: string, value: string, spec: ParamSpec): string | undefined {
  if (spec.values) {
    const items = spec.type.startsWith('list<') ? listItems(value) : [value];
    for (const item of items) {
      const ok = spec.values.some((v) => (spec.anyCase ? v.toLowerCase() === item.toLowerCase() : v === item));
      if (!ok) return `Param ${name} must be one of {${spec.values.join(', ')}} - got "${item}"`;
    }
    return undefined;
  }
  switch (spec.type) {
    case 'bool':
      return /^(true|false|1|0)$/i.test(value) ? undefined : `Param ${name} must be a boolean`;
    case 'unsigned int':
      return /^\d+$/.test(value) ? undefined : `Param ${name} must be a non-negative integer`;
    case 'int':
      return /^-?\d+$/.test(value) ? undefined : `Param ${name} must be an integer`;
    case 'float':
      return Number.isFinite(Number(value)) ? undefined : `Param ${name} must be a number`;
    case 'datetime':
      return /^\d+$/.test(value) || !Number.isNaN(Date.parse(value)) ? undefined : `Param ${name} must be a date`;
    case 'map':
      return isJsonObject(value) ? undefined : `Param ${name} must be a JSON-encoded object`;
    default:
      return undefined;
  }
}

function isJsonObject(value: string): boolean {
  try {
    const v = JSON.parse(value);
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

/** A list parameter: a JSON array, or comma-separated. */
export function listItems(value: string): string[] {
  if (value.trim().startsWith('[')) {
    try {
      const parsed = JSON.parse(value);
      if (Array.isArray(parsed)) return parsed.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
    } catch {
      // Not JSON after all: read it as comma-separated.
    }
  }
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export const isTrue = (value: string | undefined) => value !== undefined && /^(true|1)$/i.test(value);

/** `fields=id,caption,owner{id},picture.type(large)` → the top-level names. */
export function parseFields(value: string | undefined | null): string[] {
  if (!value) return [];
  const names: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of value) {
    if (c === '{' || c === '(') depth++;
    else if (c === '}' || c === ')') depth--;
    else if (c === ',' && depth === 0) {
      names.push(current);
      current = '';
      continue;
    }
    current += c;
  }
  names.push(current);
  return names.map((n) => n.replace(/[{(.].*$/s, '').trim()).filter(Boolean);
}

/**
 * The requested fields of a node (or `defaults` when none are asked), answered from `values`; a field the node
 * type does not have is refused as Graph does. Fields it has but the emulator keeps no value for are left out.
 */
export function pickFields(
  requested: string | undefined | null,
  o: { nodeType: string; known: readonly string[]; defaults: readonly string[]; values: Record<string, unknown> },
): { ok: true; body: Record<string, unknown> } | { ok: false; response: EmuResponse } {
  const names = parseFields(requested);
  const wanted = names.length ? names : o.defaults;
  // Graph answers a node's id whether asked or not.
  const body: Record<string, unknown> = o.values.id !== undefined ? { id: o.values.id } : {};
  for (const name of wanted) {
    if (!o.known.includes(name)) return { ok: false, response: nonexistingField(name, o.nodeType) };
    if (o.values[name] !== undefined) body[name] = o.values[name];
  }
  return { ok: true, body };
}
