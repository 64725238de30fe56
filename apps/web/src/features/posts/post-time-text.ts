import type { Post } from '@fanout/contracts';
import { formatInZone } from './zoned-time';

/** The time that matters for a post's status, in the person's zone: when it is due, started or went live. */
export function postTimeText(post: Post, zone: string): string {
  switch (post.status) {
    case 'scheduled':
      return `Scheduled for ${formatInZone(post.scheduledAt, zone)}`;
    case 'publishing':
      return `Started ${formatInZone(post.startedAt ?? post.scheduledAt, zone)}`;
    case 'published':
      return `Published ${formatInZone(post.publishedAt ?? post.scheduledAt, zone)}`;
    case 'cancelled':
      return `Was due ${formatInZone(post.scheduledAt, zone)}`;
    default:
      return `Due ${formatInZone(post.scheduledAt, zone)}`;
  }
}
