import { describe, expect, it } from 'vitest';
import { metricsSyncInterval } from './sync-schedule';

describe('metrics sync schedule', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

  it('reads a post every 15 minutes on its first day, hourly in its first week, then daily', () => {
    expect(metricsSyncInterval(ago(0), now)).toBe(15 * 60_000);
    expect(metricsSyncInterval(ago(23.9), now)).toBe(15 * 60_000);
    expect(metricsSyncInterval(ago(24), now)).toBe(3_600_000);
    expect(metricsSyncInterval(ago(7 * 24 - 1), now)).toBe(3_600_000);
    expect(metricsSyncInterval(ago(7 * 24), now)).toBe(24 * 3_600_000);
    expect(metricsSyncInterval(ago(400 * 24), now)).toBe(24 * 3_600_000);
  });
});
