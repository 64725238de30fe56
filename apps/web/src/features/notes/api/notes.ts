import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoteList, NoteResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';

/** What a thread of notes is on. */
export type NoteTarget = { kind: 'posts' | 'videos'; id: number };

const notesKey = (target: NoteTarget) => ['notes', target.kind, target.id] as const;

export function useNotes(target: NoteTarget) {
  return useQuery({
    queryKey: notesKey(target),
    queryFn: ({ signal }) => api.get<NoteList>(`/${target.kind}/${target.id}/notes`, signal),
  });
}

/** Add, edit and delete; each refreshes the thread. */
export function useNoteChanges(target: NoteTarget) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: notesKey(target) });
  return {
    add: useMutation({
      mutationFn: (text: string) => api.post<NoteResponse>(`/${target.kind}/${target.id}/notes`, { text }),
      onSettled,
    }),
    edit: useMutation({
      mutationFn: ({ id, text }: { id: number; text: string }) => api.patch<NoteResponse>(`/notes/${id}`, { text }),
      onSettled,
    }),
    remove: useMutation({ mutationFn: (id: number) => api.delete(`/notes/${id}`), onSettled }),
  };
}
