import type { PlatformKey } from '@fanout/contracts';
import type { Config } from '../config/env';

export interface StageNote {
  /** The setting, as written in the environment (`TIKTOK_AUDITED=false`). */
  setting: string;
  /** What it means for the people who post (docs/going-live.md says how to reach the next stage). */
  meaning: string;
}

/**
 * The stage a live app is at with its platform, for the two platforms whose stage changes what people get.
 * Sandbox platforms follow the emulator's own stage instead (audited and verified unless changed through its
 * control API).
 */
export function stageNote(platform: PlatformKey, stages: Config['platformStages']): StageNote | undefined {
  if (platform === 'tiktok')
    return stages.tiktokAudited
      ? {
          setting: 'TIKTOK_AUDITED=true',
          meaning: 'the app passed the Direct Post audit: people choose among the privacy levels their account offers',
        }
      : {
          setting: 'TIKTOK_AUDITED=false',
          meaning:
            'until the app passes the Direct Post audit, TikTok takes posts only as "Only me" (SELF_ONLY), from private ' +
            'accounts, and from at most 5 users a day; the composer offers only "Only me"',
        };
  if (platform === 'youtube')
    return stages.youtubeApiVerified
      ? {
          setting: 'YOUTUBE_API_VERIFIED=true',
          meaning: "the API project passed YouTube's audit: uploads keep the privacy the person chose",
        }
      : {
          setting: 'YOUTUBE_API_VERIFIED=false',
          meaning:
            "until the API project passes YouTube's audit, YouTube locks every upload private, whatever the person " +
            'chose',
        };
  return undefined;
}
