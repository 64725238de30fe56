import type { AppContext } from '../../context';

interface PlatformUse {
  taken: number;
  /** Posts that found no slot, in order: the next slot that frees goes to the first. */
  waiting: Set<number>;
}

/** Posts of each platform this process is publishing now, per running server (tests run several in one process). */
const inUse = new WeakMap<object, Map<string, PlatformUse>>();

function useOf(ctx: AppContext, platform: string): PlatformUse {
  let platforms = inUse.get(ctx.jobs);
  if (!platforms) inUse.set(ctx.jobs, (platforms = new Map()));
  let use = platforms.get(platform);
  if (!use) platforms.set(platform, (use = { taken: 0, waiting: new Set() }));
  return use;
}

/**
 * A slot for one more post of `platform` in this process, or undefined when the configured number
 * (PUBLISH_PLATFORM_CONCURRENCY) are taken: the post is then remembered as waiting (nextWaitingPost).
 * The returned function gives the slot back (once).
 */
export function takePlatformSlot(ctx: AppContext, platform: string, postId: number): (() => void) | undefined {
  const use = useOf(ctx, platform);
  if (use.taken >= ctx.config.publishing.perPlatform) {
    use.waiting.add(postId);
    return undefined;
  }
  use.taken += 1;
  use.waiting.delete(postId);
  let given = false;
  return () => {
    if (given) return;
    given = true;
    use.taken -= 1;
  };
}

/**
 * The post that has waited longest in this process for a slot of `platform`, taken off the list. It may have
 * gone meanwhile (another process published it, it was cancelled): the caller checks, and takes the next.
 */
export function nextWaitingPost(ctx: AppContext, platform: string): number | undefined {
  const use = useOf(ctx, platform);
  const [next] = use.waiting;
  if (next !== undefined) use.waiting.delete(next);
  return next;
}
