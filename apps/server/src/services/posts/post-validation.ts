import type { AccountFacts, PlatformKey, PostViolation, VideoFacts } from '@fanout/contracts';
import { validatePost } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { VideoRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { askPublishOptions } from '../connections/publish-options.service';
import { postCaption } from './post-caption';

/** 400 validation_failed with every broken rule; posts.routes.ts sends the violations with it. */
export class PostViolationsError<V extends PostViolation = PostViolation> extends AppError {
  constructor(readonly violations: V[]) {
    const n = violations.length;
    super(400, 'validation_failed', `${n} platform rule${n === 1 ? ' is' : 's are'} broken; nothing was created`);
  }
}

/** What a post sends to one platform, as it is checked. */
export interface PostDraft {
  platform: PlatformKey;
  /** The override; null: the caption built from the video. */
  caption: string | null;
  options: Record<string, unknown>;
  /** Posted under the post once live (null: none). */
  firstComment?: string | null;
}

export function videoFacts(video: VideoRow): VideoFacts {
  return {
    durationSeconds: video.duration_seconds,
    sizeBytes: video.size_bytes,
    width: video.width,
    height: video.height,
    fps: video.fps,
    videoCodec: video.video_codec,
    audioCodec: video.audio_codec,
    mimeType: video.mime_type,
  };
}

/** Every rule of the platform the post breaks, with the caption it would really send. */
export function violationsOf(
  video: VideoRow,
  draft: PostDraft,
  account: AccountFacts,
  /** The file's facts when it is not the video as uploaded (a fitting copy's). */
  facts: VideoFacts = videoFacts(video),
): PostViolation[] {
  const fields = {
    title: video.title,
    caption: postCaption(draft.platform, draft.caption, video),
    tags: video.tags,
    options: draft.options,
    firstComment: draft.firstComment ?? undefined,
  };
  return validatePost(draft.platform, facts, fields, account);
}

/**
 * What the platform says this account may do (TikTok's creator_info: its privacy levels and longest video),
 * read through the adapter. Best effort: when the platform cannot be asked now, the post is checked without
 * it, and the platform's own answer at publishing time still decides.
 */
export async function accountFactsOf(ctx: AppContext, connectionId: number): Promise<AccountFacts> {
  try {
    const options = await askPublishOptions(ctx, connectionId);
    return {
      privacyLevelOptions: options.privacyLevelOptions ?? null,
      maxDurationSeconds: options.maxDurationSeconds ?? null,
      ...(options.directPostAudited === false ? { tiktokUnaudited: true } : {}),
    };
  } catch (err) {
    ctx.log.info({ err, connectionId }, 'account facts unavailable; the post is checked without them');
    return {};
  }
}
