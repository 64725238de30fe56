import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePreviewLinkBody, PreviewLink, PreviewLinkList } from '@fanout/contracts';
import { api } from '@/lib/api-client';

const linksKey = (projectId: number) => ['preview-links', projectId] as const;

export function usePreviewLinks(projectId: number) {
  return useQuery({
    queryKey: linksKey(projectId),
    queryFn: ({ signal }) => api.get<PreviewLinkList>(`/projects/${projectId}/preview-links`, signal),
  });
}

export function usePreviewLinkChanges(projectId: number) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: linksKey(projectId) });
  return {
    create: useMutation({
      mutationFn: (body: Partial<CreatePreviewLinkBody>) =>
        api.post<{ link: PreviewLink }>(`/projects/${projectId}/preview-links`, body),
      onSettled,
    }),
    revoke: useMutation({
      mutationFn: (linkId: number) => api.delete(`/projects/${projectId}/preview-links/${linkId}`),
      onSettled,
    }),
  };
}
