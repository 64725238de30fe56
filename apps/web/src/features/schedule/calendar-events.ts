import type { EventInput } from '@fullcalendar/core';
import type { Post } from '@fanout/contracts';
import { waitsForReconnect } from '@/features/posts';
import { toWall } from './calendar-time';
import { capPerDay } from './month-cap';
import { PLATFORM_ACCENTS } from './platform-colors';
import { groupBySameTime } from './same-time';

interface Placed {
  post: Post;
  /** Wall-clock start on the person's clock, `2026-11-30T09:00:00`. */
  start: string;
}

const postEvent = ({ post, start }: Placed): EventInput => ({
  id: String(post.id),
  title: post.videoTitle,
  start,
  // A post waiting for its account to be reconnected cannot be moved until it is back (the server refuses).
  startEditable: post.status === 'scheduled' && !waitsForReconnect(post),
  durationEditable: false,
  backgroundColor: '#ffffff',
  borderColor: PLATFORM_ACCENTS[post.platform],
  textColor: '#18181b',
  extendedProps: { post },
});

/**
 * What the calendar draws of the posts in one view: the month view a day's first posts and "+N more"; the week
 * and day views one entry per time that several posts share; the agenda every post.
 */
export function calendarEvents(posts: readonly Post[], zone: string, viewType: string): EventInput[] {
  const sorted = posts
    .map((post) => ({ post, start: toWall(post.scheduledAt, zone) }))
    .sort((a, b) => a.start.localeCompare(b.start) || a.post.id - b.post.id);
  if (viewType === 'dayGridMonth') {
    const { shown, more } = capPerDay(sorted, (item) => item.start.slice(0, 10));
    return [
      ...shown.map(postEvent),
      // Last of its day: the end of the day sorts after every post.
      ...more.map(({ day, count }) => ({
        id: `more-${day}`,
        title: `${count} more`,
        start: `${day}T23:59:59`,
        editable: false,
        extendedProps: { more: { day, count } },
      })),
    ];
  }
  if (viewType.startsWith('timeGrid')) {
    return groupBySameTime(sorted, (item) => item.start).map((group) =>
      group.items.length === 1
        ? postEvent(group.items[0]!)
        : {
            id: `at-${group.start}`,
            title: `${group.items.length} posts`,
            start: group.start,
            editable: false,
            extendedProps: { group: { start: group.start, items: group.items.map((item) => item.post) } },
          },
    );
  }
  return sorted.map(postEvent);
}
