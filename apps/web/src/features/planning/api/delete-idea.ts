import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Idea } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { ideaKeys } from './idea-keys';

export function deleteIdea(id: number): Promise<void> {
  return api.delete<void>(`/ideas/${id}`);
}

export function useDeleteIdea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idea: Idea) => deleteIdea(idea.id),
    onSettled: (_data, _error, idea) => queryClient.invalidateQueries({ queryKey: ideaKeys.board(idea.projectId) }),
  });
}
