import type { EmulatorContext, RouteApi } from '../../core/context';
import { json } from '../../core/http';
import { REDDITOR, SUBREDDITS } from './accounts';
import { apiRoute, type RateCounter } from './envelopes';
import { listing } from './posts';

/** The communities of the sandbox in words, for the refusal of one that does not exist. */
export const SANDBOX_COMMUNITIES = `this sandbox has ${SUBREDDITS.map((s) => `r/${s}`).join(', ')} and your profile u/${REDDITOR.name}`;

/** A community as Reddit lists it (a `t5` thing, the fields a client reads). */
function community(name: string) {
  return {
    kind: 't5',
    data: {
      display_name: name,
      display_name_prefixed: `r/${name}`,
      name: `t5_${name}`,
      url: `/r/${name}/`,
      subreddit_type: 'public',
      over18: false,
      user_is_subscriber: true,
    },
  };
}

/** `GET /subreddits/mine/subscriber`: the sandbox redditor has joined every community of the sandbox. */
export function registerCommunities(api: RouteApi, ctx: EmulatorContext, counter: RateCounter) {
  apiRoute(
    api,
    ctx,
    counter,
    { method: 'GET', path: '/subreddits/mine/subscriber', step: 'subreddits', scope: 'mysubreddits' },
    () => json(200, listing(SUBREDDITS.map(community))),
  );
}
