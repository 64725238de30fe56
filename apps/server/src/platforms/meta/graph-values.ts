/** Graph times come as `2025-05-01T12:00:00+0000`; milliseconds since the epoch, NaN when unreadable. */
export function graphTime(value: unknown): number {
  if (typeof value !== 'string') return Number.NaN;
  return Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
}

/**
 * Insights answers `{data: [{name, values: [{value}]} | {name, total_value: {value}}]}`; a value may be a
 * number or a breakdown object (reactions by type), which counts as its sum.
 */
export function insightValues(body: unknown): Map<string, number> {
  const out = new Map<string, number>();
  const data = (body as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(data)) return out;
  for (const item of data as { name?: unknown; values?: { value?: unknown }[]; total_value?: { value?: unknown } }[]) {
    if (typeof item?.name !== 'string') continue;
    const raw = item.total_value?.value ?? item.values?.at(-1)?.value;
    const n = count(raw);
    if (n !== undefined) out.set(item.name, n);
  }
  return out;
}

function count(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  if (v && typeof v === 'object') return Object.values(v).reduce<number>((sum, x) => sum + (count(x) ?? 0), 0);
  return undefined;
}

/** The first of `names` the answer holds, or null: platforms name the same figure differently per kind. */
export function firstOf(values: Map<string, number>, ...names: string[]): number | null {
  for (const n of names) if (values.has(n)) return values.get(n)!;
  return null;
}
