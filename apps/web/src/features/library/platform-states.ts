import { PLATFORMS, type PlatformKey, type PlatformPost, type PostStatus } from '@fanout/contracts';

/** A platform's own state on a library card: the status of its current post, or `none` when it has none. */
export type PlatformState = PostStatus | 'none';

/** The words after the platform's name ("X: failed"): what assistive technology reads and the tooltip shows. */
export const PLATFORM_STATE_WORDS: Readonly<Record<PlatformState, string>> = {
  none: 'not posted',
  scheduled: 'scheduled',
  awaiting_approval: 'awaiting approval',
  publishing: 'publishing',
  published: 'published',
  failed: 'failed',
  unconfirmed: 'unconfirmed',
  cancelled: 'cancelled',
};

/**
 * Every platform a card names, each with its own state: those chosen in the details (not posted until a post
 * goes there) and those that have a post, in the app's platform order.
 */
export function platformStates(
  platforms: readonly PlatformKey[],
  posts: readonly PlatformPost[],
): { platform: PlatformKey; state: PlatformState }[] {
  const stateOf = new Map<PlatformKey, PlatformState>(posts.map((p) => [p.platform, p.status]));
  const named = new Set<PlatformKey>([...platforms, ...stateOf.keys()]);
  return PLATFORMS.filter((p) => named.has(p.key)).map((p) => ({
    platform: p.key,
    state: stateOf.get(p.key) ?? 'none',
  }));
}
