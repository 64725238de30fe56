import { optionMistakes, planFit, type FitRequest, type FitResponse, type PlatformKey } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { PlatformConnectionRow } from '../../db/connections.schema';
import type { VideoRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { findConnection } from '../../repositories/connections.repository';
import { findVideoOfUser } from '../../repositories/videos.repository';
import { countCallNow, REQUEST_LIMITS } from '../limits/request-limits';
import { accountFactsOf, videoFacts } from '../posts/post-validation';

/** Platforms whose limits depend on the account as the platform reports it (TikTok's creator_info). */
const ASKS_THE_ACCOUNT: readonly PlatformKey[] = ['tiktok'];

/** A video, the target it is fitted to, and the fit check's answer. */
export interface PlannedFit {
  video: VideoRow;
  connection: PlatformConnectionRow;
  platform: PlatformKey;
  fit: FitResponse;
}

/**
 * The fit of a video to a target (POST /api/videos/:id/fit, and the plan a rendition renders). A video or
 * connection that is not the caller's (or a connection of another project) is answered as unknown; a video
 * whose facts were never read (no size or codec) cannot be planned for.
 */
export async function planVideoFit(
  ctx: AppContext,
  userId: number,
  videoId: number,
  body: FitRequest,
): Promise<PlannedFit> {
  const video = await findVideoOfUser(ctx.db, videoId, userId);
  if (!video) throw notFound('Video');
  const connection = await findConnection(ctx.db, body.connectionId);
  if (!connection || connection.user_id !== userId || connection.project_id !== video.project_id)
    throw notFound('Connection');
  if (video.width === null || video.height === null || video.video_codec === null)
    throw conflict(
      'This video has not been read yet (its size and codec are unknown), so no fitting copy can be planned.',
      'video_not_probed',
    );
  const platform = connection.platform as PlatformKey;
  const mistakes = optionMistakes(platform, body.options);
  if (mistakes.length > 0) throw badRequest(mistakes.map((m) => m.message).join(' '), 'invalid_options');
  let account = {};
  if (ASKS_THE_ACCOUNT.includes(platform)) {
    // The same per-user budget as GET /connections/:id/publish-options: both ask the platform as the account.
    await countCallNow(ctx.db, REQUEST_LIMITS.publishOptions, userId);
    account = await accountFactsOf(ctx, connection.id);
  }
  const { aspect, cropX, vertical, trim } = body;
  // Burned captions are drawn while encoding: asking for them plans a re-encode, even of a video that fits.
  const reencode = body.burnCaptions !== undefined;
  // Whether the MP4's index comes first, as read at upload: false plans a re-wrap; null (not an MP4, or
  // uploaded before it was read) plans none.
  const fit = planFit(
    { ...videoFacts(video), faststart: video.faststart },
    { platform, options: body.options, account },
    { aspect, cropX, vertical, trim, reencode },
  );
  return { video, connection, platform, fit };
}

/** POST /api/videos/:id/fit. */
export async function fitVideo(
  ctx: AppContext,
  userId: number,
  videoId: number,
  body: FitRequest,
): Promise<FitResponse> {
  return (await planVideoFit(ctx, userId, videoId, body)).fit;
}
