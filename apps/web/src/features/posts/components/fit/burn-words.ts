import { CAPTION_TRACK_PLATFORMS, type BurnedCaptions, type PlatformKey } from '@fanout/contracts';

/** How each platform that takes a caption file gets the video's tracks, in its own words (docs/captions.md). */
const TRACKS_AS: Partial<Record<PlatformKey, string>> = {
  youtube: 'YouTube already gets each track as captions, which viewers turn on with CC.',
  facebook: 'Facebook already gets each track as captions of the Page video.',
  x: 'X already gets each track as subtitles of the video.',
};

/** The platforms whose API takes no caption file, by name as they call the video. */
const NO_TRACKS: Partial<Record<PlatformKey, string>> = {
  tiktok: 'TikTok takes no caption file through its API',
  instagram: 'Instagram takes no caption file through its API',
  reddit: 'Reddit takes no caption file through its API',
  facebook: 'Facebook Reels take no caption file',
};

/**
 * Why a person would burn captions into this target's copy: optional where the platform takes the track as
 * captions (burned text cannot be turned off), the only way viewers see them where it does not.
 */
export function burnHint(platform: PlatformKey, reel: boolean): string {
  const takesTracks = (CAPTION_TRACK_PLATFORMS as readonly PlatformKey[]).includes(platform) && !reel;
  if (takesTracks)
    return `${TRACKS_AS[platform]} Burning them in is optional: burned-in text is always shown, and viewers cannot turn it off.`;
  return `${NO_TRACKS[platform]}: burning the captions into the copy is the only way viewers see them.`;
}

/** What a copy with captions drawn into it says of them: "Captions burned in (en)". */
export const burnedWords = ({ language }: BurnedCaptions) =>
  language ? `Captions burned in (${language})` : 'Captions burned in';
