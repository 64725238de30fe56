import { z } from 'zod';
import { IdText } from './common';

export const PLATFORM_KEYS = ['instagram', 'tiktok', 'youtube', 'facebook', 'x', 'reddit'] as const;
export const PlatformKey = z.enum(PLATFORM_KEYS);
export type PlatformKey = z.infer<typeof PlatformKey>;

export interface PlatformInfo {
  key: PlatformKey;
  label: string;
  subtitle: string;
}

/** UI label and subtitle of each platform (spec section 3). */
export const PLATFORMS: readonly PlatformInfo[] = [
  { key: 'instagram', label: 'Instagram', subtitle: 'Reels & Stories' },
  { key: 'tiktok', label: 'TikTok', subtitle: 'Short Videos' },
  { key: 'youtube', label: 'YouTube', subtitle: 'Video Platform' },
  { key: 'facebook', label: 'Facebook', subtitle: 'Video Posts' },
  { key: 'x', label: 'X (Twitter)', subtitle: 'Tweet with Video' },
  { key: 'reddit', label: 'Reddit', subtitle: 'Video Posts' },
];

export const ConnectedPlatformsQuery = z.object({
  project_id: IdText,
});
export type ConnectedPlatformsQuery = z.infer<typeof ConnectedPlatformsQuery>;

export const ConnectedPlatformsResponse = z.object({ platforms: z.array(PlatformKey) });
export type ConnectedPlatformsResponse = z.infer<typeof ConnectedPlatformsResponse>;
