import { isValidTimeZone } from '@fanout/contracts';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage-keys';

/** The zone this browser runs in, if it names one the app accepts. */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isValidTimeZone(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}

function askedIds(): number[] {
  try {
    const value: unknown = JSON.parse(readStorage(STORAGE_KEYS.timeZoneAsked) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

/**
 * Whether this browser has already offered its zone for the account (or the person chose one here): then
 * an account left on UTC stays on UTC, because someone meant it.
 */
export function timeZoneAsked(userId: number): boolean {
  return askedIds().includes(userId);
}

export function rememberTimeZoneAsked(userId: number) {
  if (!timeZoneAsked(userId)) writeStorage(STORAGE_KEYS.timeZoneAsked, JSON.stringify([...askedIds(), userId]));
}
