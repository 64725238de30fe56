import { coverOutcome, PLATFORM_KEYS, type CoverChoice, type CoverOutcome } from '@fanout/contracts';
import { describe, expect, it } from 'vitest';
import { fileSource } from '../../test/emulator';
import { mediaFixtures } from '../../test/fixtures';
import { takesFacebookCover } from './facebook/facebook.cover';
import { instagramCoverFields } from './instagram/instagram.cover';
import type { PublishCover, PublishRequest } from './platform-adapter';
import { redditPoster } from './reddit/reddit.cover';
import { tiktokCoverField } from './tiktok/tiktok.cover';
import { hasYouTubeCover } from './youtube/youtube.cover';

const image = fileSource(mediaFixtures().still, { mimeType: 'image/png' });
const preview = fileSource(mediaFixtures().still, { mimeType: 'image/jpeg' });

function request(cover: PublishCover | null): PublishRequest {
  return {
    account: { accountId: 'a', accountName: 'A', accessToken: 't', extra: {} },
    video: fileSource(mediaFixtures().video),
    thumbnail: preview,
    cover,
    post: { title: '', caption: '', tags: [], options: {} },
  };
}

/** What an adapter sends, told as the rule tells it: the frame, the image, or the platform's own choice. */
function sent(platform: string, facebookKind: 'video' | 'reel', r: PublishRequest): CoverOutcome['gets'] | number {
  switch (platform) {
    case 'tiktok':
      return tiktokCoverField(r).video_cover_timestamp_ms ?? 'own';
    case 'instagram': {
      const fields = instagramCoverFields(r);
      return fields.thumb_offset ?? (fields.cover_url ? 'image' : 'own');
    }
    case 'youtube':
      return hasYouTubeCover(r) ? 'image' : 'own';
    case 'facebook':
      return takesFacebookCover(r, facebookKind) ? 'image' : 'own';
    case 'reddit':
      return redditPoster(r) === r.thumbnail ? 'own' : 'image';
    default:
      // X's adapter has no cover field at all.
      return 'none';
  }
}

describe('the one cover rule and the adapters', () => {
  it('agree on what every platform gets, for every kind of cover, Facebook kind and PUBLIC_URL', () => {
    const covers: [CoverChoice, (publicUrl: string | null) => PublishCover | null][] = [
      [null, () => null],
      [{ kind: 'frame', frameMs: 4200 }, () => ({ kind: 'frame', frameMs: 4200 })],
      [{ kind: 'image' }, (publicUrl) => ({ kind: 'image', image, width: 320, height: 240, publicUrl })],
    ];
    let cases = 0;
    for (const platform of PLATFORM_KEYS)
      for (const facebookKind of ['video', 'reel'] as const)
        for (const publicAddress of [false, true])
          for (const [choice, cover] of covers) {
            const rule = coverOutcome({ platform, facebookKind, publicAddress }, choice);
            const told = rule.gets === 'frame' ? rule.frameMs : rule.gets;
            const r = request(cover(publicAddress ? 'https://fanout.example.com/uploads/c.png' : null));
            expect(
              sent(platform, facebookKind, r),
              `${platform} ${facebookKind} ${publicAddress} ${choice?.kind}`,
            ).toBe(told);
            cases++;
          }
    expect(cases).toBe(72);
  });
});
