import { PLATFORM_LIMITS, type PlatformKey, type RedditCommunityRulesResponse } from '@fanout/contracts';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import { isPlatformError } from '../../platforms/platform-error';
import { findConnection } from '../../repositories/connections.repository';
import { platformFailure } from './publish-options.service';
import { callAsAccount } from './publishing-account.service';

/**
 * GET /api/connections/:id/communities/:name: what a community asks of a post (Reddit's post requirements and
 * link flairs), asked of the platform each time. Another user's connection is answered as unknown; a platform
 * without communities is a 400; the platform's refusal or fault is answered as for publish options.
 */
export async function connectionCommunityRules(
  ctx: AppContext,
  userId: number,
  connectionId: number,
  community: string,
): Promise<RedditCommunityRulesResponse> {
  const row = await findConnection(ctx.db, connectionId);
  if (!row || row.user_id !== userId) throw notFound('Connection');
  const platform = row.platform as PlatformKey;
  const adapter = ctx.platforms.get(platform);
  if (platform !== 'reddit' || !adapter?.communityRules)
    throw badRequest(`${PLATFORM_LIMITS[platform]?.name ?? platform} has no communities to post in`, 'no_communities');
  try {
    const rules = await callAsAccount(ctx, connectionId, (a, account) => a.communityRules!(account, community));
    return { platform, rules };
  } catch (err) {
    if (isPlatformError(err) && err.httpStatus === 404) throw notFound(`Reddit community r/${community}`);
    throw isPlatformError(err) ? platformFailure(platform, err) : err;
  }
}
