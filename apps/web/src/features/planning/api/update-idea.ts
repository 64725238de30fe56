import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Idea, IdeaResponse, UpdateIdeaBody } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { moveIdea } from '../board-moves';
import { ideaKeys } from './idea-keys';

export function updateIdea(id: number, body: UpdateIdeaBody): Promise<IdeaResponse> {
  return api.patch<IdeaResponse>(`/ideas/${id}`, body);
}

interface Variables {
  idea: Idea;
  body: UpdateIdeaBody;
}

/**
 * Changes an idea; a move shows on the board at once (the same renumbering the server does) and the board is
 * read again when the server has answered, so a refused move goes back where it was.
 */
export function useUpdateIdea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idea, body }: Variables) => updateIdea(idea.id, body),
    onMutate: async ({ idea, body }) => {
      if (body.column === undefined && body.position === undefined) return;
      const key = ideaKeys.board(idea.projectId);
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Idea[]>(key, (ideas) =>
        ideas ? moveIdea(ideas, idea.id, body.column ?? idea.column, body.position) : ideas,
      );
    },
    onSettled: (_data, _error, { idea }) => queryClient.invalidateQueries({ queryKey: ideaKeys.board(idea.projectId) }),
  });
}
