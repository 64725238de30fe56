import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export function deleteProject(id: number): Promise<unknown> {
  return api.delete(`/projects/${id}`);
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_result, id) => {
      queryClient.setQueriesData<Project[]>({ queryKey: ['projects'] }, (list) => list?.filter((p) => p.id !== id));
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
      void queryClient.invalidateQueries({ queryKey: ['storage'] });
    },
  });
}
