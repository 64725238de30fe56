import type { AppContext } from '../../context';

/** Posts of each platform this process is publishing now, per running server (tests run several in one process). */
const inUse = new WeakMap<object, Map<string, number>>();

/**
 * A slot for one more post of `platform` in this process, or undefined when the configured number
 * (PUBLISH_PLATFORM_CONCURRENCY) are taken. Give it back with the returned function, exactly once.
 */
export function takePlatformSlot(ctx: AppContext, platform: string): (() => void) | undefined {
  let counts = inUse.get(ctx.jobs);
  if (!counts) inUse.set(ctx.jobs, (counts = new Map()));
  const taken = counts.get(platform) ?? 0;
  if (taken >= ctx.config.publishing.perPlatform) return undefined;
  counts.set(platform, taken + 1);
  let given = false;
  return () => {
    if (given) return;
    given = true;
    counts.set(platform, (counts.get(platform) ?? 1) - 1);
  };
}
