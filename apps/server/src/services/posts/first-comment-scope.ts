import { missingFeatures, PLATFORM_LIMITS, type PlatformKey } from '@fanout/contracts';
import { conflict } from '../../http/errors';
import type { PostPlan } from './schedule-posts';

/** The optional feature a first comment needs (optional-scopes.ts). */
export const FIRST_COMMENT_FEATURE = 'first_comment';

/** The missing feature's words when this grant cannot post a comment, else undefined. */
export function commentScopeMissing(platform: string, scopes: readonly string[]): string | undefined {
  return missingFeatures(platform as PlatformKey, scopes).find((f) => f.feature === FIRST_COMMENT_FEATURE)?.label;
}

/**
 * A first comment to an account connected before Fanout asked for the comment permission would surely fail: the
 * post is refused before anything is made, 409 `reconnect_to_allow`, in the words the composer shows ("Reconnect
 * to allow posting a first comment"). The account itself stays connected and publishes without a comment.
 */
export function assertCommentAllowed(plans: readonly PostPlan[]): void {
  for (const plan of plans) {
    if (!plan.draft.firstComment) continue;
    const label = commentScopeMissing(plan.connection.platform, plan.connection.scopes);
    if (!label) continue;
    const name = PLATFORM_LIMITS[plan.connection.platform as PlatformKey]?.name ?? plan.connection.platform;
    throw conflict(
      `Reconnect ${name} (${plan.connection.account_name}) on the Accounts screen to allow ${label}, or leave the ` +
        'first comment empty: nothing was created',
      'reconnect_to_allow',
    );
  }
}
