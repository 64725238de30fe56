import type { Post, PostCounts, PostStatus } from '@fanout/contracts';
import type { BadgeTone } from '@/components/ui/Badge';

export const POST_STATUS_LABELS: Readonly<Record<PostStatus, string>> = {
  scheduled: 'Scheduled',
  awaiting_approval: 'Awaiting approval',
  publishing: 'Publishing',
  published: 'Published',
  failed: 'Failed',
  cancelled: 'Cancelled',
  unconfirmed: 'Unconfirmed',
};

export const POST_STATUS_TONES: Readonly<Record<PostStatus, BadgeTone>> = {
  scheduled: 'blue',
  awaiting_approval: 'amber',
  publishing: 'brand',
  published: 'green',
  failed: 'red',
  cancelled: 'neutral',
  unconfirmed: 'amber',
};

export const PARTIALLY_PUBLISHED = 'Partially published';

/**
 * Some platforms published the video and others failed or could not confirm, with nothing left to do: never
 * shown as plain success or plain failure (the video's status is then `failed`).
 */
export function isPartiallyPublished(counts: PostCounts): boolean {
  return (
    counts.published > 0 &&
    counts.failed + counts.unconfirmed > 0 &&
    counts.publishing === 0 &&
    counts.scheduled + counts.awaiting_approval === 0
  );
}

/** Post counts of a list of posts, as the server counts a video's. */
export function countPosts(posts: readonly { status: PostStatus }[]): PostCounts {
  const counts: PostCounts = {
    scheduled: 0,
    awaiting_approval: 0,
    publishing: 0,
    published: 0,
    failed: 0,
    cancelled: 0,
    unconfirmed: 0,
  };
  for (const post of posts) counts[post.status]++;
  return counts;
}

/**
 * A scheduled post waiting for its account to be connected again (`error.code` `needs_reconnect`): it goes out
 * once the account is reconnected, and fails if that has not happened within 24 hours of its time.
 */
export function waitsForReconnect(post: Pick<Post, 'status' | 'error'>): boolean {
  return post.status === 'scheduled' && post.error?.code === 'needs_reconnect';
}

/** A due post waiting, `scheduled`, for its fitting copy to be made (its progress says how far the copy is). */
export function waitsForCopy(post: Pick<Post, 'status' | 'progress'>): boolean {
  return post.status === 'scheduled' && post.progress.step === 'rendering';
}

/** Waiting for an owner, reviewer or client to approve it; never published until then. */
export function awaitsApproval(post: Pick<Post, 'status'>): boolean {
  return post.status === 'awaiting_approval';
}

/** Its time passed while it waited for approval: approving it publishes it at once. */
export function approvalOverdue(post: Pick<Post, 'status' | 'error'>): boolean {
  return post.status === 'awaiting_approval' && post.error?.code === 'approval_overdue';
}

/** The status in words, as lists show it: an overdue approval says so, not only "Awaiting approval". */
export function postStatusWords(post: Pick<Post, 'status' | 'error'>): string {
  return approvalOverdue(post) ? 'Approval overdue' : POST_STATUS_LABELS[post.status];
}
