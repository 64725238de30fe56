import { PLATFORMS, type PlatformKey } from '@fanout/contracts';

/** The platform as the app names it everywhere ('TikTok', 'X (Twitter)'). */
export function platformName(platform: PlatformKey): string {
  return PLATFORMS.find((p) => p.key === platform)?.label ?? platform;
}
