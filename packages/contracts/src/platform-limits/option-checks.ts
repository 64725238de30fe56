import type { Breach, PlatformRules } from './types';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A short rendering of what was sent, for messages. */
function shown(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 40 ? `${json.slice(0, 37)}…` : json;
}

/**
 * Parses a post's options with the platform's schema. Absent options are an empty set (so a required
 * option is reported missing); every problem becomes a breach named `options.<name>`.
 */
export function checkOptions<O>(rules: PlatformRules<O>, raw: unknown): { options: O | null; breaches: Breach[] } {
  const { name } = rules.limits;
  const given = raw ?? {};
  if (!isPlainObject(given)) {
    const message = `${name} options must be named settings (an object); got ${shown(given)}.`;
    return { options: null, breaches: [{ field: 'options', rule: 'options.invalid', message }] };
  }
  const parsed = rules.options.safeParse(given);
  if (parsed.success) return { options: parsed.data, breaches: [] };

  const breaches = new Map<string, Breach>();
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const message = `${name} has no option "${key}".`;
        breaches.set(key, { field: `options.${key}`, rule: 'options.unknown', message });
      }
      continue;
    }
    const key = String(issue.path[0] ?? '');
    const needs = rules.optionNeeds[key] ?? `a valid ${key}`;
    const missing = given[key] === undefined;
    const message = missing ? `${name} needs ${needs}.` : `${name} needs ${needs}; got ${shown(given[key])}.`;
    breaches.set(key, { field: `options.${key}`, rule: missing ? 'options.required' : 'options.invalid', message });
  }
  return { options: null, breaches: [...breaches.values()] };
}
