import { PLATFORMS, WEEKDAY_NAMES, type PlatformKey } from '@fanout/contracts';

export const platformLabel = (platform: PlatformKey) => PLATFORMS.find((p) => p.key === platform)?.label ?? platform;

/** `Tuesday 18:00–19:00` */
export const hourText = (weekday: number, hour: number) =>
  `${WEEKDAY_NAMES[weekday - 1]} ${String(hour).padStart(2, '0')}:00–${String(hour + 1).padStart(2, '0')}:00`;
