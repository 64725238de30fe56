import { describe, expect, it } from 'vitest';
import { platformStates } from './platform-states';

describe('platformStates', () => {
  it("gives each platform its own post's state, and 'none' to one chosen in the details but never sent", () => {
    expect(
      platformStates(
        ['x', 'youtube', 'instagram'],
        [
          { platform: 'youtube', status: 'published' },
          { platform: 'x', status: 'failed' },
        ],
      ),
    ).toEqual([
      { platform: 'instagram', state: 'none' },
      { platform: 'youtube', state: 'published' },
      { platform: 'x', state: 'failed' },
    ]);
  });

  it('names a platform that has a post even when the details no longer list it, in the app order', () => {
    expect(
      platformStates(
        ['reddit'],
        [
          { platform: 'tiktok', status: 'scheduled' },
          { platform: 'instagram', status: 'published' },
        ],
      ),
    ).toEqual([
      { platform: 'instagram', state: 'published' },
      { platform: 'tiktok', state: 'scheduled' },
      { platform: 'reddit', state: 'none' },
    ]);
  });

  it('is empty when no platform is chosen and nothing was posted', () => {
    expect(platformStates([], [])).toEqual([]);
  });
});
