import { randomBytes, randomInt } from 'node:crypto';
import type { EmulatorContext } from '../../core/context';

/** A numeric Graph id (as a string, as Graph sends them) starting with `prefix`, not yet in use. */
export function numericId(inUse: (id: string) => boolean, prefix = '17', length = 17): string {
  for (;;) {
    let id = prefix;
    while (id.length < length) id += String(randomInt(10));
    if (!inUse(id)) return id;
  }
}

/** An Instagram shortcode (`DA1b2C3d4E5`): 11 characters of the URL-safe alphabet. */
export const shortcode = () => randomBytes(9).toString('base64url').slice(0, 11);

/** Graph's timestamp format: `2025-07-01T10:00:00+0000`. */
export const graphTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');

/**
 * The blob behind a URL when it is the emulator's own media address (`<emulator>/_media/<blob>`): the one kind of
 * URL a sandboxed platform can "download". Undefined for any other URL.
 */
export function ownBlob(ctx: EmulatorContext, url: string | undefined): string | undefined {
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const origins = [new URL(ctx.mediaUrl('x')).origin, new URL(ctx.apiUrl('x', '/')).origin];
  const m = /^\/_media\/([\w.-]+)$/.exec(parsed.pathname);
  if (!origins.includes(parsed.origin) || !m) return undefined;
  const blob = decodeURIComponent(m[1]!);
  return ctx.store.blobSize(blob) > 0 ? blob : undefined;
}

export const FETCH_REFUSED =
  'URLs cannot be fetched in the sandbox: only the emulator’s own media addresses (/_media/…) can be used; upload the bytes instead.';
