import type { UploadCheckResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';

/**
 * Asks whether the project has a file before sending it: with its size alone (is there a video of exactly that
 * many bytes?), then with its SHA-256 (is it this very file?).
 */
export function checkUpload(
  projectId: number,
  size: number,
  sha256?: string,
  signal?: AbortSignal,
): Promise<UploadCheckResponse> {
  const query = new URLSearchParams({ project_id: String(projectId), size: String(size) });
  if (sha256) query.set('sha256', sha256);
  return api.get<UploadCheckResponse>(`/upload/check?${query.toString()}`, signal);
}
