import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnalyticsSyncResult } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { analyticsKeys } from './get-analytics';

export function syncAnalytics(projectId: number): Promise<AnalyticsSyncResult> {
  return api.post<AnalyticsSyncResult>('/analytics/sync', { project_id: projectId });
}

/** "Sync now": reads every published post's figures, then shows the new ones (and the videos' views). */
export function useSyncAnalytics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncAnalytics,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: analyticsKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['videos'] });
    },
  });
}
