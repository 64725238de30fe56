import type { PublishJournal } from './platform-adapter';
import { PlatformError } from './platform-error';

/**
 * Reads the fields a step needs from a journal this adapter wrote earlier. One that lacks them cannot
 * be continued: rejected, rather than guessing.
 */
export function journalFields(platform: string, journal: PublishJournal) {
  const missing = (key: string) =>
    new PlatformError(platform, 'rejected', `${platform} publish: the saved step '${journal.step}' lacks ${key}`, {
      step: journal.step,
    });
  return {
    str(key: string): string {
      const v = journal[key];
      if (typeof v !== 'string' || v === '') throw missing(key);
      return v;
    },
    num(key: string): number {
      const v = journal[key];
      if (typeof v !== 'number' || !Number.isFinite(v)) throw missing(key);
      return v;
    },
    optStr(key: string): string | undefined {
      const v = journal[key];
      return typeof v === 'string' && v !== '' ? v : undefined;
    },
  };
}
