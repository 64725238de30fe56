import { BulkScheduleBody, RedditOptions, type PlatformKey, type TikTokOptions } from '@fanout/contracts';
import { checkLocalTime, toLocalInput, zoneName } from '@/features/posts';

/** Bulk scheduling's form, as pure rules: what the person typed, what is wrong with it, the request it makes. */

export type TikTokPrivacy = TikTokOptions['privacyLevel'];

export interface BulkScheduleDraft {
  platforms: PlatformKey[];
  /** Into each platform's next free posting slots, in the order selected, instead of at a time. */
  queue?: boolean;
  /** `YYYY-MM-DDTHH:mm` in the user's zone, as the date-time input gives it. */
  local: string;
  /** Which reading of a time the clocks show twice (the hour they go back); unset until the person picks. */
  disambiguation?: 'earlier' | 'later';
  /** Minutes between one video and the next, as typed. */
  interval: string;
  /** No default: TikTok wants the person to choose. */
  tiktokPrivacy: TikTokPrivacy | '';
  subreddit: string;
}

export interface BulkScheduleErrors {
  platforms?: string;
  when?: string;
  interval?: string;
  tiktokPrivacy?: string;
  subreddit?: string;
}

export interface BulkScheduleCheck {
  errors: BulkScheduleErrors;
  /** Both readings (ISO with offset, earlier first) when the time happens twice that day. */
  ambiguous?: [string, string];
  /** The request, when nothing is wrong. */
  body?: BulkScheduleBody;
}

export const INTERVAL_MAX_MINUTES = 7 * 24 * 60;
const DEFAULT_LEAD_MINUTES = 60;
const ROUND_TO_MINUTES = 5;

/** An hour from now, rounded up to five minutes, on the clocks of `zone`. */
export function defaultLocalTime(zone: string, now = Date.now()): string {
  const step = ROUND_TO_MINUTES * 60_000;
  return toLocalInput(Math.ceil((now + DEFAULT_LEAD_MINUTES * 60_000) / step) * step, zone);
}

/** The subreddit's name as Reddit takes it: without the "r/" people often type. */
export function subredditName(typed: string): string {
  return typed.trim().replace(/^\/?r\//i, '');
}

function whenOf(draft: BulkScheduleDraft, zone: string, now: number) {
  const reading = checkLocalTime(draft.local, zone, draft.disambiguation, now);
  switch (reading.kind) {
    case 'ok':
      return { instant: reading.instant };
    case 'invalid':
      return { error: 'Enter a date and time.' };
    case 'past':
      return { error: 'Choose a time in the future.' };
    case 'nonexistent':
      return { error: `The clocks skip this time in ${zoneName(zone)} that day. Choose another time.` };
    case 'ambiguous':
      return {
        ambiguous: reading.candidates,
        error: `This time happens twice in ${zoneName(zone)} that day. Choose which one.`,
      };
  }
}

/** Which of the two readings the person picked, kept visible while they may change it. */
function candidatesOf(draft: BulkScheduleDraft, zone: string, now: number): [string, string] | undefined {
  if (!draft.disambiguation) return undefined;
  const reading = checkLocalTime(draft.local, zone, undefined, now);
  return reading.kind === 'ambiguous' ? reading.candidates : undefined;
}

export function checkBulkSchedule(
  draft: BulkScheduleDraft,
  videoIds: readonly number[],
  zone: string,
  now = Date.now(),
): BulkScheduleCheck {
  const errors: BulkScheduleErrors = {};
  if (draft.platforms.length === 0) errors.platforms = 'Choose at least one platform.';

  const when: Partial<ReturnType<typeof whenOf>> = draft.queue ? {} : whenOf(draft, zone, now);
  if (when.error) errors.when = when.error;
  const ambiguous = draft.queue ? undefined : (when.ambiguous ?? candidatesOf(draft, zone, now));

  const interval = draft.interval.trim();
  const minutes = Number(interval);
  if (!draft.queue && (!/^\d+$/.test(interval) || minutes > INTERVAL_MAX_MINUTES)) {
    errors.interval = `Enter whole minutes from 0 to ${INTERVAL_MAX_MINUTES.toLocaleString('en-US')}.`;
  }

  const options: NonNullable<BulkScheduleBody['options']> = {};
  if (draft.platforms.includes('tiktok')) {
    if (draft.tiktokPrivacy) options.tiktok = { privacyLevel: draft.tiktokPrivacy };
    else errors.tiktokPrivacy = 'Choose who can see these videos on TikTok.';
  }
  if (draft.platforms.includes('reddit')) {
    const subreddit = subredditName(draft.subreddit);
    if (RedditOptions.shape.subreddit.safeParse(subreddit).success) options.reddit = { subreddit };
    else errors.subreddit = "Enter the subreddit's name: 3 to 21 letters, digits or underscores.";
  }

  const result: BulkScheduleCheck = { errors, ...(ambiguous ? { ambiguous } : {}) };
  if (Object.keys(errors).length > 0 || !(draft.queue || when.instant)) return result;
  const body = BulkScheduleBody.parse({
    videoIds: [...videoIds],
    platforms: draft.platforms,
    ...(draft.queue ? { queue: true } : { scheduledAt: when.instant, intervalMinutes: minutes }),
    ...(Object.keys(options).length > 0 ? { options } : {}),
  });
  return { ...result, body };
}
