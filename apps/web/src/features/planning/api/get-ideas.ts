import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IdeaList } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { ideaKeys } from './idea-keys';

export function getIdeas(projectId: number, signal?: AbortSignal): Promise<IdeaList> {
  return api.get<IdeaList>(`/ideas?project_id=${projectId}`, signal);
}

export const ideasQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: ideaKeys.board(projectId),
    queryFn: ({ signal }) => getIdeas(projectId, signal).then((r) => r.ideas),
  });

export function useIdeas(projectId: number | undefined) {
  return useQuery({ ...ideasQueryOptions(projectId ?? 0), enabled: projectId !== undefined });
}
