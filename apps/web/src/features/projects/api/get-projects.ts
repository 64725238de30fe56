import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Project } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export function getProjects(userId: number | undefined, signal?: AbortSignal): Promise<Project[]> {
  return api.get<Project[]>(userId ? `/projects?user_id=${userId}` : '/projects', signal);
}

export const projectsQueryOptions = (userId: number | undefined) =>
  queryOptions({ queryKey: ['projects', userId ?? null], queryFn: ({ signal }) => getProjects(userId, signal) });

export function useProjects(userId: number | undefined) {
  return useQuery(projectsQueryOptions(userId));
}
