import type { PlatformKey } from './platforms';

/** A cover as the rule needs it: which kind, and for a frame where it is. Null: none chosen. */
export type CoverChoice = { kind: 'frame'; frameMs: number } | { kind: 'image' } | null;

/** Where the post goes, beyond its platform: a Facebook Reel takes no cover where a Page video does. */
export interface CoverTarget {
  platform: PlatformKey;
  /** Facebook's post kind (its `kind` option); a Page video when absent. */
  facebookKind?: 'video' | 'reel';
  /** Whether PUBLIC_URL is an internet address (GET /api/config `covers.publicAddress`): Instagram fetches an image by it. */
  publicAddress: boolean;
}

/**
 * What a post gets: the chosen frame, the uploaded image, the platform's own choice (with why the chosen cover
 * does not reach it), or nothing at all (X shows no cover).
 */
export type CoverOutcome =
  | { gets: 'frame'; frameMs: number }
  | { gets: 'image' }
  | { gets: 'own'; why?: 'frame_only' | 'image_only' | 'needs_public_address' | 'reel' }
  | { gets: 'none' };

/**
 * The one rule of which cover each platform takes (docs/covers.md, "What each platform gets"). The adapters send
 * exactly this (platforms/cover-rule.test.ts runs them over the same cases) and the web says it in words.
 */
export function coverOutcome(target: CoverTarget, cover: CoverChoice): CoverOutcome {
  switch (target.platform) {
    case 'x':
      return { gets: 'none' };
    case 'tiktok':
      if (cover?.kind === 'frame') return { gets: 'frame', frameMs: cover.frameMs };
      return cover ? { gets: 'own', why: 'frame_only' } : { gets: 'own' };
    case 'instagram':
      if (cover?.kind === 'frame') return { gets: 'frame', frameMs: cover.frameMs };
      if (cover?.kind === 'image')
        return target.publicAddress ? { gets: 'image' } : { gets: 'own', why: 'needs_public_address' };
      return { gets: 'own' };
    case 'facebook':
      // video_reels documents no thumbnail; /{video-id}/thumbnails is for Page videos (docs/covers.md).
      if (target.facebookKind === 'reel') return cover ? { gets: 'own', why: 'reel' } : { gets: 'own' };
      return imageOnly(cover);
    case 'youtube':
    case 'reddit':
      return imageOnly(cover);
  }
}

function imageOnly(cover: CoverChoice): CoverOutcome {
  if (cover?.kind === 'image') return { gets: 'image' };
  return cover ? { gets: 'own', why: 'image_only' } : { gets: 'own' };
}

/** `m:ss` of a position in the video (0:04, 1:30, 12:05). */
export function coverTime(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const OWN: Record<PlatformKey, string> = {
  tiktok: 'its own choice of frame',
  instagram: 'its own choice of frame',
  youtube: 'its own choice of frame',
  facebook: 'its own choice of frame',
  reddit: 'the video’s preview image',
  x: 'takes no cover',
};

const WHY: Record<NonNullable<Extract<CoverOutcome, { gets: 'own' }>['why']>, string> = {
  frame_only: 'it takes a frame, not an image',
  image_only: 'it takes an image, not a frame',
  needs_public_address: 'an image needs a public address',
  reel: 'Reels take no cover',
};

/** The outcome in words, after the platform's name: "the frame at 0:04", "your image", "takes no cover". */
export function coverOutcomeText(platform: PlatformKey, outcome: CoverOutcome): string {
  if (outcome.gets === 'frame') return `the frame at ${coverTime(outcome.frameMs)}`;
  if (outcome.gets === 'image') return 'your image';
  if (outcome.gets === 'none') return OWN.x;
  return outcome.why ? `${OWN[platform]} (${WHY[outcome.why]})` : OWN[platform];
}
