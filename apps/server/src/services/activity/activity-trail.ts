import { securityEventText, type ActivityEvent, type ActivityList, type ActivityType } from '@fanout/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { ActivityEventRow } from '../../db/activity.schema';
import type { SecurityEventRow } from '../../db/sign-in-security.schema';
import { notFound } from '../../http/errors';
import { listActivityEvents, type TrailPosition } from '../../repositories/activity-events.repository';
import { findProjectOfUser } from '../../repositories/projects.repository';
import { listSecurityEventsForTrail } from '../../repositories/security-events.repository';
import { decodeCursor, encodeCursor } from '../lists/list-cursor';
import { toSecurityEvent } from '../security-events.service';

/**
 * The two lists merged into the trail, and their rank among events of the same instant: the project's
 * events come before the account's.
 */
const PROJECT = 1;
const ACCOUNT = 0;
type Source = typeof PROJECT | typeof ACCOUNT;

/** The last event of the page before: its exact time, its list and its id. */
const TrailCursor = z.tuple([
  z.iso.datetime(),
  z.union([z.literal(PROJECT), z.literal(ACCOUNT)]),
  z.number().int().positive(),
]);
type TrailCursor = z.infer<typeof TrailCursor>;

const CURSOR_LIST = 'activity';

interface Item {
  key: string;
  source: Source;
  id: number;
  event: ActivityEvent;
}

/** How a list is read after the cursor: the same list by id; another by its rank at the cursor's instant. */
function after(cursor: TrailCursor | undefined, source: Source) {
  if (!cursor) return {};
  const [at, cursorSource, id] = cursor;
  const before: TrailPosition = { at, id };
  if (source === cursorSource) return { before, sameTime: 'by-id' as const };
  return { before, sameTime: source > cursorSource ? ('exclude' as const) : ('include' as const) };
}

const newestFirst = (a: Item, b: Item) =>
  a.key !== b.key ? (a.key < b.key ? 1 : -1) : a.source !== b.source ? b.source - a.source : b.id - a.id;

/**
 * GET /api/activity: the project's events with the account's security events merged in, newest first, in
 * one keyset order (time, list, id), so a page never repeats or skips an event however the two interleave.
 */
export async function activityPage(
  ctx: AppContext,
  /** The project's owner (whose id its rows carry) and the person reading (whose account's events merge in). */
  who: { ownerId: number; viewerId: number },
  query: { project_id: number; type?: ActivityType; limit: number; cursor?: string },
): Promise<ActivityList> {
  const userId = who.viewerId;
  const cursor = query.cursor !== undefined ? decodeCursor(ctx, CURSOR_LIST, query.cursor, TrailCursor) : undefined;
  const project = await findProjectOfUser(ctx.db, query.project_id, who.ownerId);
  if (!project) throw notFound('Project');
  const securityType = query.type?.startsWith('security.') ? query.type.slice('security.'.length) : undefined;
  const wantProject = query.type === undefined || securityType === undefined;
  const wantAccount = query.type === undefined || securityType !== undefined;
  const limit = query.limit + 1;
  const [projectRows, accountRows] = await Promise.all([
    wantProject ? listActivityEvents(ctx.db, project.id, { limit, type: query.type, ...after(cursor, PROJECT) }) : [],
    wantAccount
      ? listSecurityEventsForTrail(ctx.db, userId, { limit, type: securityType, ...after(cursor, ACCOUNT) })
      : [],
  ]);
  const items: Item[] = [
    ...projectRows.map((row) => ({
      key: row.at_key,
      source: PROJECT as Source,
      id: row.id,
      event: toActivityEvent(row, userId),
    })),
    ...accountRows.map((row) => ({
      key: row.at_key,
      source: ACCOUNT as Source,
      id: row.id,
      event: securityActivityEvent(row, userId),
    })),
  ].sort(newestFirst);
  const page = items.slice(0, query.limit);
  const last = items.length > query.limit ? page.at(-1) : undefined;
  return {
    events: page.map((item) => item.event),
    nextCursor: last ? encodeCursor(ctx, CURSOR_LIST, [last.key, last.source, last.id]) : null,
  };
}

/**
 * An event as one person reads it: "you" for what they did themselves; another person by their name (kept with
 * the event); Fanout or a platform as written.
 */
export function toActivityEvent(row: ActivityEventRow, viewerId: number): ActivityEvent {
  return {
    id: `activity-${row.id}`,
    type: row.type as ActivityType,
    at: new Date(row.at).toISOString(),
    actor: row.actor_id !== null && row.actor_id === viewerId ? 'you' : row.actor,
    subject: {
      kind: row.subject_kind as ActivityEvent['subject']['kind'],
      id: row.subject_id,
      title: row.subject_title,
    },
    message: row.message,
    link: row.link,
    detail: null,
  };
}

function securityActivityEvent(row: SecurityEventRow, userId: number): ActivityEvent {
  const event = toSecurityEvent(row);
  return {
    id: `security-${row.id}`,
    type: `security.${event.type}`,
    at: event.createdAt,
    actor: 'you',
    subject: { kind: 'account', id: String(userId), title: 'Your account' },
    message: securityEventText(event),
    link: '/security',
    detail: event.ip ? `${event.device} · ${event.ip}` : event.device,
  };
}
