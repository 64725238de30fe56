import type { MediaSource } from '../platform-adapter';
import type { GraphHttp } from './graph-http';

/** Bytes per request to rupload.facebook.com: one step each, so a resume repeats at most this much. */
export const RUPLOAD_PART_BYTES = 8 * 1024 * 1024;

export interface RuploadPart {
  /** The rupload address the platform handed out (container `uri`, reel `upload_url`), used as it comes. */
  uri: string;
  token: string;
  video: MediaSource;
  /** Where this part starts: what the platform holds so far. */
  offset: number;
  partBytes?: number;
}

/**
 * Sends one part of a resumable upload: the bytes from `offset` with `offset` and `file_size` headers.
 * Returns the offset to continue from. When the platform refuses the offset and says which one it holds
 * (after a crash between a part landing and the journal being saved), that one is returned instead and
 * nothing counts as sent.
 */
export async function ruploadPart(
  http: GraphHttp,
  step: string,
  part: RuploadPart,
): Promise<{ offset: number; sent: number }> {
  const total = part.video.sizeBytes;
  const end = Math.min(part.offset + (part.partBytes ?? RUPLOAD_PART_BYTES), total) - 1;
  const length = end - part.offset + 1;
  const res = await http.request(step, part.uri, {
    method: 'POST',
    headers: {
      authorization: `OAuth ${part.token}`,
      offset: String(part.offset),
      file_size: String(total),
      'content-type': 'application/octet-stream',
      'content-length': String(length),
    },
    body: part.video.read({ start: part.offset, end }),
    accept: CLIENT_ERRORS,
  });
  if (res.status < 300) return { offset: end + 1, sent: length };
  const held = heldOffset(res.body);
  if (held !== undefined && held !== part.offset && held >= 0 && held <= total) return { offset: held, sent: 0 };
  throw http.classify(res, step);
}

// Read here rather than thrown at once: a refused offset says where to continue.
const CLIENT_ERRORS = Array.from({ length: 100 }, (_, i) => 400 + i).filter((s) => s !== 401 && s !== 429);

/** The offset a refusal says the platform holds, wherever the answer puts it. */
export function heldOffset(body: unknown): number | undefined {
  const places = [body, ...['debug_info', 'error', 'error_data'].map((k) => (body as Record<string, unknown>)?.[k])];
  for (const place of places) {
    if (!place || typeof place !== 'object') continue;
    for (const key of ['offset', 'file_offset', 'expected_offset', 'bytes_received']) {
      const v = (place as Record<string, unknown>)[key];
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      if (typeof n === 'number' && Number.isInteger(n)) return n;
    }
  }
  return undefined;
}
