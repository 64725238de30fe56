import { describe, expect, it } from 'vitest';
import { adapterHarness } from '../../../test/adapter-conformance';
import { fileSource } from '../../../test/emulator';
import { describeFaultConformance, someText } from '../../../test/fault-conformance';
import { mediaFixtures } from '../../../test/fixtures';
import { publishRequest } from '../../../test/publish-loop';
import { RedditAdapter } from './reddit.adapter';
import { jsonErrorToPlatformError } from './reddit.errors';

const h = adapterHarness((options) => new RedditAdapter(options));

describeFaultConformance('Reddit', h, {
  probe: (adapter, c) => adapter.profile(c.exchanged),
  post: (c) =>
    publishRequest(
      c.account,
      fileSource(mediaFixtures().video),
      { caption: 'Reddit fault test' },
      fileSource(mediaFixtures().still, { mimeType: 'image/png' }),
    ),
  rejectMessage: 'That community does not take videos',
  // processing_failed: Reddit's words come from the websocket.
  publishFaults: { processing_failed: { platformMessage: someText() }, duplicate: {} },
});

describe('Reddit errors inside HTTP 200', () => {
  const answer = (errors: unknown[]) => {
    const body = { json: { errors } };
    return { status: 200, headers: {}, text: JSON.stringify(body), body };
  };

  it('RATELIMIT is rate_limited for the time its message names', () => {
    const err = jsonErrorToPlatformError(
      answer([['RATELIMIT', 'Take a break for 9 minutes before trying again.', 'ratelimit']]),
      'create',
    )!;
    expect(err.kind).toBe('rate_limited');
    expect(err.platformCode).toBe('RATELIMIT');
    const wait = err.retryAt!.getTime() - Date.now();
    expect(wait).toBeGreaterThan(8.9 * 60_000);
    expect(wait).toBeLessThanOrEqual(9 * 60_000);
  });

  it('other codes are rejected with Reddit’s code and message', () => {
    const err = jsonErrorToPlatformError(
      answer([['SUBREDDIT_NOEXIST', "that subreddit doesn't exist", 'sr']]),
      'create',
    )!;
    expect(err).toMatchObject({ kind: 'rejected', platformCode: 'SUBREDDIT_NOEXIST' });
    expect(err.platformMessage).toBe("that subreddit doesn't exist");
    expect(jsonErrorToPlatformError(answer([]), 'create')).toBeUndefined();
  });
});
