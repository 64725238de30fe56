import { queryOptions, useQueries } from '@tanstack/react-query';
import type { Connection, PlatformKey, PublishOptions, PublishOptionsResponse } from '@fanout/contracts';
import { api, errorMessage } from '@/lib/api-client';

/** What the platform says this account may choose now (TikTok's creator_info); `{}` for a platform without any. */
export function getPublishOptions(connectionId: number, signal?: AbortSignal): Promise<PublishOptionsResponse> {
  return api.get<PublishOptionsResponse>(`/connections/${connectionId}/publish-options`, signal);
}

/**
 * Not under the post keys: every change to a post invalidates those, and each fetch asks the platform
 * (TikTok limits creator_info per token). A failure is shown with Try again rather than retried unseen.
 */
export const publishOptionsQueryOptions = (connectionId: number) =>
  queryOptions({
    queryKey: ['connections', 'publish-options', connectionId] as const,
    queryFn: ({ signal }) => getPublishOptions(connectionId, signal).then((answer) => answer.options),
    staleTime: 60_000,
    retry: false,
  });

/** One account's choices as the form uses them: still loading, known, or not known (with why). */
export interface AccountOptionsState {
  loading: boolean;
  options: PublishOptions | undefined;
  /** Why they could not be loaded, in the server's words; null unless that happened. */
  error: string | null;
  retry(): void;
}

/** The publishing choices of each of these connections' accounts, by platform. */
export function useAccountPublishOptions(
  connections: readonly Pick<Connection, 'id' | 'platform'>[],
): Partial<Record<PlatformKey, AccountOptionsState>> {
  const results = useQueries({ queries: connections.map((c) => publishOptionsQueryOptions(c.id)) });
  return Object.fromEntries(
    connections.map((connection, index) => {
      const result = results[index]!;
      const state: AccountOptionsState = {
        loading: result.isPending,
        options: result.data,
        error: result.isError ? errorMessage(result.error, '') : null,
        retry: () => void result.refetch(),
      };
      return [connection.platform, state];
    }),
  );
}
