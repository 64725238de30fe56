import { PLATFORM_LIMITS, type PlatformKey, type PublishOptions, type PublishOptionsResponse } from '@fanout/contracts';
import type { AppContext } from '../../context';
import { AppError, conflict, notFound } from '../../http/errors';
import { isPlatformError, type PlatformError } from '../../platforms/platform-error';
import { findConnection } from '../../repositories/connections.repository';
import { callAsAccount } from './publishing-account.service';

const text = (value: unknown) => (typeof value === 'string' || value === null ? value : undefined);
const flag = (value: unknown) => (typeof value === 'boolean' ? value : undefined);
const number = (value: unknown) => (typeof value === 'number' || value === null ? value : undefined);
const textList = (value: unknown) =>
  value === null || (Array.isArray(value) && value.every((v) => typeof v === 'string'))
    ? (value as string[] | null)
    : undefined;

/** The adapter's answer (in the platform's own names) in the contract's names; what is missing or malformed is left out. */
export function toPublishOptions(raw: Record<string, unknown>): PublishOptions {
  const options: PublishOptions = {
    privacyLevelOptions: textList(raw.privacy_level_options),
    maxDurationSeconds: number(raw.max_video_post_duration_sec),
    commentDisabled: flag(raw.comment_disabled),
    duetDisabled: flag(raw.duet_disabled),
    stitchDisabled: flag(raw.stitch_disabled),
    creatorUsername: text(raw.creator_username),
    creatorNickname: text(raw.creator_nickname),
    directPostAudited: flag(raw.direct_post_audited),
    youtubeApiVerified: flag(raw.api_verified),
    subreddits: textList(raw.subreddits),
  };
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as PublishOptions;
}

/**
 * What the platform says this account may choose now (TikTok's creator_info), read through the adapter. A token
 * the platform refuses is renewed once, as publishing does; refused again, the connection needs reconnecting.
 * Throws the platform's `PlatformError` (or 404 for an unknown connection).
 */
export async function askPublishOptions(ctx: AppContext, connectionId: number): Promise<PublishOptions> {
  return toPublishOptions(
    await callAsAccount(ctx, connectionId, (adapter, account) => adapter.publishOptions(account)),
  );
}

/**
 * GET /api/connections/:id/publish-options. Another user's connection is answered as unknown. The platform's
 * refusal or fault is 502 `platform_unavailable` with its own words; a grant that is gone, 409 `needs_reconnect`.
 */
export async function connectionPublishOptions(
  ctx: AppContext,
  userId: number,
  connectionId: number,
): Promise<PublishOptionsResponse> {
  const row = await findConnection(ctx.db, connectionId);
  if (!row || row.user_id !== userId) throw notFound('Connection');
  const platform = row.platform as PlatformKey;
  try {
    return { platform, options: await askPublishOptions(ctx, connectionId) };
  } catch (err) {
    throw isPlatformError(err) ? platformFailure(platform, err) : err;
  }
}

export function platformFailure(platform: PlatformKey, err: PlatformError): AppError {
  const name = PLATFORM_LIMITS[platform]?.name ?? platform;
  const words = err.platformMessage || err.message;
  if (err.kind === 'disconnected') {
    return conflict(`Reconnect ${name} on the Accounts screen first: ${words}`, 'needs_reconnect');
  }
  const wait = err.kind === 'rate_limited' ? Math.ceil(err.retryAfterMs() / 1000) : 0;
  return new AppError(
    502,
    'platform_unavailable',
    `${name} did not say what this account may choose: ${words}`,
    wait > 0 ? { 'retry-after': String(wait) } : {},
  );
}
