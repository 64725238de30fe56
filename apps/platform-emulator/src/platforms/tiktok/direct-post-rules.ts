import type { EmulatorContext } from '../../core/context';
import type { EmuResponse } from '../../core/http';
import { LIMITS, PRIVACY_LEVEL_OPTIONS } from './accounts';
import { apiError } from './envelopes';
import { publishes } from './publishes';

/**
 * creator_info's privacy_level_options: a public account offers PUBLIC_TO_EVERYONE, MUTUAL_FOLLOW_FRIENDS and
 * SELF_ONLY; a private one FOLLOWER_OF_CREATOR, MUTUAL_FOLLOW_FRIENDS and SELF_ONLY (Content Posting API,
 * "Query Creator Info"). The emulator's public creator has long offered all four; kept so for public accounts.
 */
export function privacyLevelOptions(ctx: EmulatorContext, accountId: string): string[] {
  if (!ctx.stages.isPrivateAccount('tiktok', accountId)) return PRIVACY_LEVEL_OPTIONS;
  return ['FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'];
}

/**
 * What a direct post's init is held to by the app's audit stage (Content Sharing Guidelines, "Direct Post API -
 * Developer Guidelines"; Direct Post reference, error codes). An unaudited client posts only from private
 * accounts (403 unaudited_client_can_only_post_to_private_accounts), for at most 5 users in 24 hours (403
 * reached_active_user_cap), and whatever it asks for, its content is SELF_ONLY ("restricted to private viewing
 * mode"). Answers the refusal, or the privacy TikTok applies.
 */
export function directPostStage(
  ctx: EmulatorContext,
  token: { clientId: string; accountId: string },
  requested: string,
): { ok: false; res: EmuResponse } | { ok: true; privacyLevel: string } {
  if (ctx.stages.stage('tiktok', token.clientId).audited) return { ok: true, privacyLevel: requested };
  if (!ctx.stages.isPrivateAccount('tiktok', token.accountId))
    return refuse(
      'unaudited_client_can_only_post_to_private_accounts',
      'Unaudited clients can only post to private accounts: make the TikTok account private, or have the app audited.',
    );
  const since = ctx.now() - 24 * 3600_000;
  const users = new Set(
    publishes(ctx)
      .values()
      .filter((p) => p.mode === 'direct' && p.clientId === token.clientId && p.createdAt > since)
      .map((p) => p.accountId),
  );
  if (!users.has(token.accountId) && users.size >= LIMITS.unauditedUsersPerDay)
    return refuse(
      'reached_active_user_cap',
      `The daily quota for active publishing users from your client is reached (${LIMITS.unauditedUsersPerDay} for unaudited clients).`,
    );
  return { ok: true, privacyLevel: 'SELF_ONLY' };
}

const refuse = (code: string, message: string) => ({ ok: false as const, res: apiError(403, code, message) });
