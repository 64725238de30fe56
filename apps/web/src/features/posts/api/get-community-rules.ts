import { useQuery } from '@tanstack/react-query';
import { RedditOptions, type RedditCommunityRules, type RedditCommunityRulesResponse } from '@fanout/contracts';
import { api, errorMessage } from '@/lib/api-client';
import { useDebounced } from '@/lib/use-debounced';

/** A community's rules for the form: for the name typed (once typing settles), loading, known or not (why). */
export interface CommunityState {
  /** The community these rules are for, as typed, without "r/" ('' while none is named). */
  name: string;
  loading: boolean;
  rules: RedditCommunityRules | undefined;
  error: string | null;
}

/** Asked of Reddit once typing has paused this long, not for every letter. */
const SETTLE_MS = 400;

/**
 * What the community named in the subreddit field asks of a post (its flairs, its requirements), for the Reddit
 * account `connectionId`; undefined without one. Not under the post keys, so post changes do not ask again.
 */
export function useCommunityRules(connectionId: number | undefined, subreddit: unknown): CommunityState | undefined {
  const name = useDebounced(typeof subreddit === 'string' ? subreddit.trim() : '', SETTLE_MS);
  const valid = RedditOptions.shape.subreddit.safeParse(name).success;
  const query = useQuery({
    queryKey: ['connections', 'communities', connectionId, name.toLowerCase()] as const,
    queryFn: ({ signal }) =>
      api
        .get<RedditCommunityRulesResponse>(`/connections/${connectionId}/communities/${name}`, signal)
        .then((answer) => answer.rules),
    enabled: connectionId !== undefined && valid,
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (connectionId === undefined) return undefined;
  if (!valid) return { name: '', loading: false, rules: undefined, error: null };
  return {
    name,
    loading: query.isPending,
    rules: query.data,
    error: query.isError ? errorMessage(query.error, `Reddit did not say what r/${name} asks of a post`) : null,
  };
}
