import { badRequest } from '../../http/errors';

/** Where a page ended: the last post's time and id (the order is scheduled_at desc, id desc). */
export interface PostCursor {
  scheduledAt: Date;
  id: number;
}

/** Opaque to clients: base64url of the last post's time and id. */
export function encodeCursor(cursor: PostCursor): string {
  return Buffer.from(JSON.stringify([cursor.scheduledAt.toISOString(), cursor.id])).toString('base64url');
}

export function decodeCursor(text: string): PostCursor {
  const invalid = () => badRequest('The cursor is not one this API gave out', 'invalid_cursor');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid();
  const [at, id] = parsed as [unknown, unknown];
  const scheduledAt = typeof at === 'string' ? new Date(at) : new Date(NaN);
  if (Number.isNaN(scheduledAt.getTime()) || !Number.isSafeInteger(id) || (id as number) < 1) throw invalid();
  return { scheduledAt, id: id as number };
}
