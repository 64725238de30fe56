import { API_BASE, authHeaders, handleUnauthorized, toApiError } from '@/lib/api-client';

export type ExportFormat = 'csv' | 'json';

export interface ExportRange {
  from: string;
  to: string;
}

/** GET /api/posts/export, saved through the browser's download as fanout-posts.<format>. */
export async function exportPosts(projectId: number, format: ExportFormat, range?: ExportRange): Promise<void> {
  const query = new URLSearchParams({ project_id: String(projectId), format });
  if (range) {
    query.set('from', range.from);
    query.set('to', range.to);
  }
  const res = await fetch(`${API_BASE}/posts/export?${query}`, { headers: authHeaders() });
  if (res.status === 401) handleUnauthorized();
  if (!res.ok) throw await toApiError(res);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `fanout-posts.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
