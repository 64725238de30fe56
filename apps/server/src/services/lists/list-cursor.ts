import { timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';

/**
 * Cursors of paged lists: the position after the last item of a page (its sort key and id), as base64url
 * JSON with a MAC under the server's secret key. Opaque to clients; one that was cut, altered or made for
 * another list is a 400 `bad_cursor`, never a page from somewhere else. Keyset positions, not offsets, so a
 * page is stable while items are added in front of it.
 */
const MAC_CHARS = 24;

export function encodeCursor(ctx: Pick<AppContext, 'secretBox'>, list: string, position: unknown): string {
  const body = Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
  return `${body}.${ctx.secretBox.mac(`list-cursor/${list}`, body).slice(0, MAC_CHARS)}`;
}

export const badCursor = () =>
  badRequest('This cursor is not one the server gave for this list; start again from the first page', 'bad_cursor');

export function decodeCursor<T>(
  ctx: Pick<AppContext, 'secretBox'>,
  list: string,
  cursor: string,
  shape: z.ZodType<T>,
): T {
  const [body, mac, ...rest] = cursor.split('.');
  if (!body || !mac || rest.length > 0) throw badCursor();
  const expected = Buffer.from(ctx.secretBox.mac(`list-cursor/${list}`, body).slice(0, MAC_CHARS));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badCursor();
  let position: unknown;
  try {
    position = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  const parsed = shape.safeParse(position);
  if (!parsed.success) throw badCursor();
  return parsed.data;
}
