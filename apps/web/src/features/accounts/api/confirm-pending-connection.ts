import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmedConnection } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { invalidateConnections } from './get-connections';

/** Connects the grant the platform's callback left pending; the server takes it from its starter only. */
export function confirmPendingConnection(id: string): Promise<ConfirmedConnection> {
  return api.post<ConfirmedConnection>(`/connections/pending/${encodeURIComponent(id)}/confirm`);
}

export function useConfirmPendingConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPendingConnection,
    onSuccess: () => invalidateConnections(queryClient),
  });
}
