import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateIdeaBody, IdeaResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { ideaKeys } from './idea-keys';

export function createIdea(body: CreateIdeaBody): Promise<IdeaResponse> {
  return api.post<IdeaResponse>('/ideas', body);
}

export function useCreateIdea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIdea,
    onSettled: (_data, _error, body) => queryClient.invalidateQueries({ queryKey: ideaKeys.board(body.project_id) }),
  });
}
