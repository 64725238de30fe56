import { z } from 'zod';
import type { SecurityEvent, SecurityEventList, SecurityEventType } from '@fanout/contracts';
import type { AppContext } from '../context';
import type { SecurityEventRow } from '../db/sign-in-security.schema';
import { insertSecurityEvent, listSecurityEvents } from '../repositories/security-events.repository';
import type { DB } from '../db/database';
import { decodeCursor, encodeCursor } from './lists/list-cursor';
import { describeDevice } from './user-agent.service';
import { cutText } from './cut-text';

export interface RequestMeta {
  userAgent?: string;
  ip?: string;
}

export type SecurityEventDetail = SecurityEvent['detail'];

/** The last event's id of the page before. */
const EventCursor = z.tuple([z.number().int().positive()]);

export async function recordSecurityEvent(
  ctx: AppContext,
  userId: number,
  type: SecurityEventType,
  meta: RequestMeta,
  detail: SecurityEventDetail = {},
  db: DB = ctx.db,
): Promise<void> {
  await insertSecurityEvent(db, {
    userId,
    type,
    detail: Object.fromEntries(Object.entries(detail).filter(([, v]) => v !== undefined)) as Record<
      string,
      string | number
    >,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent === undefined ? null : cutText(meta.userAgent, 512),
  });
}

/** A page of events; `cursor` (opaque) and `before` (an event id) both mean "older than the page before". */
export async function securityEventPage(
  ctx: AppContext,
  userId: number,
  page: { limit: number; before?: number; cursor?: string },
): Promise<SecurityEventList> {
  const before =
    page.cursor !== undefined ? decodeCursor(ctx, 'security-events', page.cursor, EventCursor)[0] : page.before;
  const rows = await listSecurityEvents(ctx.db, userId, { limit: page.limit + 1, before });
  const events = rows.slice(0, page.limit).map(toSecurityEvent);
  const last = rows.length > page.limit ? events.at(-1) : undefined;
  return {
    events,
    nextCursor: last ? encodeCursor(ctx, 'security-events', [last.id]) : null,
    nextBefore: last?.id ?? null,
  };
}

export function toSecurityEvent(row: SecurityEventRow): SecurityEvent {
  const d = row.detail ?? {};
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    id: row.id,
    type: row.type as SecurityEventType,
    createdAt: new Date(row.created_at).toISOString(),
    device: describeDevice(row.user_agent),
    ip: row.ip,
    detail: {
      method: str(d.method) as SecurityEventDetail['method'],
      deviceName: str(d.deviceName),
      provider: str(d.provider),
      count: typeof d.count === 'number' ? d.count : undefined,
      tokenName: str(d.tokenName),
    },
  };
}
