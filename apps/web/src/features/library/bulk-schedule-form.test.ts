import { describe, expect, it } from 'vitest';
import { checkBulkSchedule, defaultLocalTime, subredditName, type BulkScheduleDraft } from './bulk-schedule-form';

const BERLIN = 'Europe/Berlin';
const NOW = Date.parse('2030-03-01T12:00:00Z');

const draft = (over: Partial<BulkScheduleDraft> = {}): BulkScheduleDraft => ({
  platforms: ['youtube'],
  local: '2030-07-01T09:00',
  interval: '0',
  tiktokPrivacy: '',
  subreddit: '',
  ...over,
});

describe('bulk schedule form', () => {
  it("reads the time on the user's clock and sends it as UTC, with the interval and the platforms", () => {
    const check = checkBulkSchedule(draft({ interval: '45', platforms: ['youtube', 'x'] }), [4, 9], BERLIN, NOW);
    expect(check.errors).toEqual({});
    expect(check.body).toEqual({
      videoIds: [4, 9],
      platforms: ['youtube', 'x'],
      scheduledAt: '2030-07-01T07:00:00.000Z',
      intervalMinutes: 45,
    });
  });

  it('needs a platform, a whole-minute interval and a time in the future', () => {
    const check = checkBulkSchedule(
      draft({ platforms: [], interval: '2.5', local: '2030-02-28T09:00' }),
      [1],
      BERLIN,
      NOW,
    );
    expect(check.body).toBeUndefined();
    expect(check.errors).toEqual({
      platforms: 'Choose at least one platform.',
      interval: 'Enter whole minutes from 0 to 10,080.',
      when: 'Choose a time in the future.',
    });
    expect(checkBulkSchedule(draft({ interval: '10081' }), [1], BERLIN, NOW).errors.interval).toBeDefined();
    expect(checkBulkSchedule(draft({ local: '' }), [1], BERLIN, NOW).errors.when).toBe('Enter a date and time.');
  });

  it("asks TikTok's privacy level explicitly and Reddit's subreddit, sending them as each platform's options", () => {
    const missing = checkBulkSchedule(draft({ platforms: ['tiktok', 'reddit'], subreddit: 'r/' }), [1], BERLIN, NOW);
    expect(missing.errors).toEqual({
      tiktokPrivacy: 'Choose who can see these videos on TikTok.',
      subreddit: "Enter the subreddit's name: 3 to 21 letters, digits or underscores.",
    });
    const chosen = checkBulkSchedule(
      draft({ platforms: ['tiktok', 'reddit'], tiktokPrivacy: 'SELF_ONLY', subreddit: ' r/travel_clips ' }),
      [1],
      BERLIN,
      NOW,
    );
    expect(chosen.body?.options).toEqual({
      tiktok: { privacyLevel: 'SELF_ONLY' },
      reddit: { subreddit: 'travel_clips' },
    });
    expect(subredditName('/r/videos')).toBe('videos');
  });

  it('refuses a time the clocks skip in spring and asks which of the two readings in autumn', () => {
    const skipped = checkBulkSchedule(draft({ local: '2030-03-31T02:30' }), [1], BERLIN, NOW);
    expect(skipped.errors.when).toBe('The clocks skip this time in Europe/Berlin that day. Choose another time.');

    const twice = checkBulkSchedule(draft({ local: '2030-10-27T02:30' }), [1], BERLIN, NOW);
    expect(twice.errors.when).toBe('This time happens twice in Europe/Berlin that day. Choose which one.');
    expect(twice.ambiguous).toEqual(['2030-10-27T02:30:00+02:00', '2030-10-27T02:30:00+01:00']);

    const later = checkBulkSchedule(draft({ local: '2030-10-27T02:30', disambiguation: 'later' }), [1], BERLIN, NOW);
    expect(later.errors).toEqual({});
    expect(later.ambiguous).toHaveLength(2);
    expect(later.body?.scheduledAt).toBe('2030-10-27T01:30:00.000Z');
  });

  it('starts an hour ahead, on five minutes, in the given zone', () => {
    expect(defaultLocalTime(BERLIN, Date.parse('2030-07-01T07:02:10Z'))).toBe('2030-07-01T10:05');
    expect(defaultLocalTime('America/New_York', Date.parse('2030-07-01T07:00:00Z'))).toBe('2030-07-01T04:00');
  });
});
