import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PreviewPage } from '@fanout/contracts';
import { API_BASE, toApiError } from '@/lib/api-client';

/** The viewer's own zone: the page shows each post's time in it. */
export const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The preview's own calls. No session goes with them (the token in the path is the only key), and a 401 or 410
 * here never signs anyone out of the app.
 */
async function previewCall<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${API_BASE}/preview/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as T;
}

const pageKey = (token: string) => ['preview', token] as const;

export function usePreviewPage(token: string) {
  return useQuery({
    queryKey: pageKey(token),
    queryFn: () => previewCall<PreviewPage>(`${encodeURIComponent(token)}?zone=${encodeURIComponent(viewerZone())}`),
    retry: false,
  });
}

export function usePreviewActions(token: string) {
  const queryClient = useQueryClient();
  const base = encodeURIComponent(token);
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: pageKey(token) });
  return {
    note: useMutation({
      mutationFn: (b: { name: string; text: string; postId: number }) => previewCall(`${base}/notes`, b),
      onSuccess,
    }),
    decide: useMutation({
      mutationFn: (b: { postId: number; decision: 'approve' | 'request-changes'; name: string; comment?: string }) =>
        previewCall(`${base}/posts/${b.postId}/${b.decision}`, {
          name: b.name,
          ...(b.comment ? { comment: b.comment } : {}),
        }),
      onSuccess,
    }),
  };
}
