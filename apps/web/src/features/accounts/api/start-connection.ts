import { useMutation } from '@tanstack/react-query';
import type { PlatformKey, StartConnectionResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export function startConnection(platform: PlatformKey, projectId: number): Promise<StartConnectionResponse> {
  return api.post<StartConnectionResponse>(`/connections/${platform}/start`, { project_id: projectId });
}

/** Asks the server for the platform's authorize page; the caller sends the browser there. */
export function useStartConnection() {
  return useMutation({
    mutationFn: ({ platform, projectId }: { platform: PlatformKey; projectId: number }) =>
      startConnection(platform, projectId),
  });
}
