import { z } from 'zod';
import { PlatformKey } from './platforms';
import { ConnectionIds } from './posts';
import { TimeZone } from './time-zones';

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export const Weekday = z.number().int().min(1).max(7);
export type Weekday = z.infer<typeof Weekday>;

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** A time of day `HH:MM` (24-hour clock). */
export const SlotTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM (00:00 to 23:59)');

/**
 * One weekly posting slot of a platform, in the slots' time zone: for the accounts named (`connectionIds`,
 * connections of the project of this platform), or, without them, for every account of the platform.
 */
export const PostingSlot = z.strictObject({
  platform: PlatformKey,
  weekday: Weekday,
  time: SlotTime,
  connectionIds: ConnectionIds.optional(),
});
export type PostingSlot = z.infer<typeof PostingSlot>;

/** At most this many slots per project (every platform, every day, every half hour would be 2,016). */
export const POSTING_SLOTS_MAX = 500;

const slotKey = (s: PostingSlot) => `${s.platform} ${s.weekday} ${s.time}`;

/** GET /api/projects/:id/slots: a project's weekly posting slots and the zone they are read in. */
export const PostingSlots = z
  .object({ timezone: z.string(), slots: z.array(PostingSlot) })
  .meta({ id: 'PostingSlots' });
export type PostingSlots = z.infer<typeof PostingSlots>;

/** PUT /api/projects/:id/slots: replaces every slot. No `timezone`: the project's time zone. */
export const PutPostingSlotsBody = z.strictObject({
  timezone: TimeZone.optional(),
  slots: z
    .array(PostingSlot)
    .max(POSTING_SLOTS_MAX, `At most ${POSTING_SLOTS_MAX} slots`)
    .refine((slots) => new Set(slots.map(slotKey)).size === slots.length, 'Each slot at most once'),
});
export type PutPostingSlotsBody = z.input<typeof PutPostingSlotsBody>;

/** GET /api/projects/:id/best-times?platform= */
export const BestTimesQuery = z.object({ platform: PlatformKey });
export type BestTimesQuery = z.infer<typeof BestTimesQuery>;

/** One suggested hour of the week, with why it is suggested. `hour` 0–23 in the project's time zone. */
export const BestTimeSuggestion = z.object({
  weekday: Weekday,
  hour: z.number().int().min(0).max(23),
  /** 0–100, the best suggestion scoring 100. */
  score: z.number().int().min(0).max(100),
  reason: z.string(),
});
export type BestTimeSuggestion = z.infer<typeof BestTimeSuggestion>;

/** `own`: from the project's own published posts' engagement; `default`: Fanout's documented defaults. */
export const BestTimes = z
  .object({
    platform: PlatformKey,
    basis: z.enum(['own', 'default']),
    timezone: z.string(),
    suggestions: z.array(BestTimeSuggestion),
  })
  .meta({ id: 'BestTimes' });
export type BestTimes = z.infer<typeof BestTimes>;

/** A slot's `HH:MM` as minutes after midnight. */
export const slotMinutes = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Minutes after midnight as `HH:MM`. */
export const slotTimeText = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
