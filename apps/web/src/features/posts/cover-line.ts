import {
  COVER_IMAGE_MAX_BYTES,
  COVER_IMAGE_TYPES,
  coverOutcome,
  coverOutcomeText,
  PLATFORM_KEYS,
  type PlatformKey,
  type VideoCover,
} from '@fanout/contracts';
import { platformName } from './platform-names';

/** A post's destination as the cover rule tells it apart: a Facebook Reel takes no cover where a Page video does. */
export interface CoverDestination {
  platform: PlatformKey;
  facebookKind?: 'video' | 'reel';
}

/** "TikTok: the frame at 0:04", "Facebook Reel: its own choice of frame (Reels take no cover)", "X: takes no cover". */
export function coverLine(
  destination: CoverDestination,
  cover: VideoCover | null | undefined,
  publicAddress: boolean,
): string {
  const { platform, facebookKind } = destination;
  const outcome = coverOutcome({ platform, facebookKind, publicAddress }, cover ?? null);
  const name = platform === 'facebook' && facebookKind === 'reel' ? 'Facebook Reel' : platformName(platform);
  return `${name}: ${coverOutcomeText(platform, outcome)}`;
}

/** Every destination, in the app's platform order, a Facebook Page video and a Reel each on its own line. */
export const COVER_DESTINATIONS: readonly CoverDestination[] = PLATFORM_KEYS.flatMap((platform): CoverDestination[] =>
  platform === 'facebook'
    ? [
        { platform, facebookKind: 'video' as const },
        { platform, facebookKind: 'reel' as const },
      ]
    : [{ platform }],
);

/** A Facebook post's kind from its options (a Page video unless `kind` says reel). */
export const facebookKindOf = (options: Record<string, unknown>): 'video' | 'reel' =>
  options.kind === 'reel' ? 'reel' : 'video';

const MB = COVER_IMAGE_MAX_BYTES / 1024 / 1024;

/** What is wrong with a file chosen as the cover image, before sending it; null when it may go. */
export function coverFileProblem(file: File): string | null {
  if (!(COVER_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG or PNG image.';
  if (file.size > COVER_IMAGE_MAX_BYTES) return `The image is larger than ${MB} MB: choose a smaller one.`;
  return null;
}
