import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateProjectBody, Project } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export function createProject(body: CreateProjectBody): Promise<Project> {
  return api.post<Project>('/projects', body);
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}
