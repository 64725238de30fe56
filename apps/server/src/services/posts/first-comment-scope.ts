import { missingFeatures, PLATFORM_LIMITS, type PlatformKey } from '@fanout/contracts';
import { conflict, type AppError } from '../../http/errors';
import type { PostPlan } from './schedule-posts';

/** The optional feature a first comment needs (optional-scopes.ts). */
export const FIRST_COMMENT_FEATURE = 'first_comment';

/** The missing feature's words when this grant cannot post a comment, else undefined. */
export function commentScopeMissing(platform: string, scopes: readonly string[]): string | undefined {
  return missingFeatures(platform as PlatformKey, scopes).find((f) => f.feature === FIRST_COMMENT_FEATURE)?.label;
}

/** A first comment as a post keeps it: blank is none. */
export const firstCommentOf = (text: string | null | undefined): string | null => (text?.trim() ? text : null);

/**
 * A first comment to an account connected before Fanout asked for the comment permission would surely fail: the
 * post is refused before anything is made, 409 `reconnect_to_allow`, in the words the composer shows ("Reconnect
 * to allow posting a first comment"). The account itself stays connected and publishes without a comment.
 */
export function commentRefusal(plan: PostPlan): AppError | undefined {
  if (!plan.draft.firstComment) return undefined;
  const label = commentScopeMissing(plan.connection.platform, plan.connection.scopes);
  if (!label) return undefined;
  const name = PLATFORM_LIMITS[plan.connection.platform as PlatformKey]?.name ?? plan.connection.platform;
  return conflict(
    `Reconnect ${name} (${plan.connection.account_name}) on the Accounts screen to allow ${label}, or leave the ` +
      'first comment empty: nothing was created',
    'reconnect_to_allow',
  );
}

/** 409 `reconnect_to_allow` for the first plan whose comment its account may not post (commentRefusal). */
export function assertCommentAllowed(plans: readonly PostPlan[]): void {
  for (const plan of plans) {
    const refusal = commentRefusal(plan);
    if (refusal) throw refusal;
  }
}
