import type { SecurityEvent, SecurityEventList, SecurityEventType } from '@fanout/contracts';
import type { AppContext } from '../context';
import type { SecurityEventRow } from '../db/sign-in-security.schema';
import { insertSecurityEvent, listSecurityEvents } from '../repositories/security-events.repository';
import type { DB } from '../db/database';
import { describeDevice } from './user-agent.service';
import { cutText } from './cut-text';

export interface RequestMeta {
  userAgent?: string;
  ip?: string;
}

export type SecurityEventDetail = SecurityEvent['detail'];

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

export async function securityEventPage(
  ctx: AppContext,
  userId: number,
  page: { limit: number; before?: number },
): Promise<SecurityEventList> {
  const rows = await listSecurityEvents(ctx.db, userId, { limit: page.limit + 1, before: page.before });
  const events = rows.slice(0, page.limit).map(toSecurityEvent);
  const more = rows.length > page.limit;
  return { events, nextBefore: more ? (events.at(-1)?.id ?? null) : null };
}

function toSecurityEvent(row: SecurityEventRow): SecurityEvent {
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
    },
  };
}
