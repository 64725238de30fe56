import { missingFeatures, PLATFORM_LIMITS, type PlatformKey } from '@fanout/contracts';
import type { AppContext } from '../../context';
import { conflict } from '../../http/errors';
import { listCaptionsOfVideo } from '../../repositories/video-captions.repository';
import type { PostPlan } from '../posts/schedule-posts';

/** The optional feature sending caption tracks needs (optional-scopes.ts). */
export const CAPTIONS_FEATURE = 'captions';

/**
 * A video with captions posted to an account connected before Fanout asked for the captions permission (YouTube's
 * youtube.force-ssl) would have its tracks refused: the post is refused before anything is made, 409
 * `reconnect_to_allow`, as a first comment is. The account itself stays connected; a video without captions
 * publishes as before.
 */
export async function assertCaptionsAllowed(ctx: AppContext, plans: readonly PostPlan[]): Promise<void> {
  for (const plan of plans) {
    const { platform, scopes } = plan.connection;
    const missing = missingFeatures(platform as PlatformKey, scopes).find((f) => f.feature === CAPTIONS_FEATURE);
    if (!missing) continue;
    if ((await listCaptionsOfVideo(ctx.db, plan.video.id)).length === 0) continue;
    const name = PLATFORM_LIMITS[platform as PlatformKey]?.name ?? platform;
    throw conflict(
      `Reconnect ${name} (${plan.connection.account_name}) on the Accounts screen to allow ${missing.label}, or ` +
        "remove the video's captions: nothing was created",
      'reconnect_to_allow',
    );
  }
}
