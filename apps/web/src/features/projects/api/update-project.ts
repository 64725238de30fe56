import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project, UpdateProjectBody } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export function updateProject(id: number, body: UpdateProjectBody): Promise<Project> {
  return api.patch<Project>(`/projects/${id}`, body);
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateProjectBody }) => updateProject(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}
