import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostsImportResult } from '@fanout/contracts';
import { refreshAfterPostChange } from '@/features/posts';
import { API_BASE, authHeaders, handleUnauthorized, toApiError } from '@/lib/api-client';

export interface ImportRequest {
  projectId: number;
  csv: string;
  dryRun: boolean;
}

/**
 * POST /api/posts/import with the file's text. A real run with a broken row answers 400 with every row's
 * verdict: that comes back as a result (nothing made) rather than an error, so the preview can show it.
 */
export async function importPostsCsv({ projectId, csv, dryRun }: ImportRequest): Promise<PostsImportResult> {
  const res = await fetch(`${API_BASE}/posts/import?project_id=${projectId}&dry_run=${dryRun}`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'text/csv', ...authHeaders() },
    body: csv,
  });
  if (res.status === 401) handleUnauthorized();
  if (res.ok) return (await res.json()) as PostsImportResult;
  const err = await toApiError(res);
  const body = err.body as Partial<PostsImportResult> | undefined;
  if (err.code === 'validation_failed' && Array.isArray(body?.rows)) return body as PostsImportResult;
  throw err;
}

export function useImportPostsCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPostsCsv,
    onSuccess: (result) => {
      if (result.created > 0) refreshAfterPostChange(queryClient);
    },
  });
}
