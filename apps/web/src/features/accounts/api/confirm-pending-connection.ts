import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmedConnection, PendingConnectionChoices } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { invalidateConnections } from './get-connections';

const pendingPath = (id: string) => `/connections/pending/${encodeURIComponent(id)}`;

/**
 * Connects the grant the platform's callback left pending; the server takes it from its starter only. A grant of
 * several accounts (Facebook Pages) needs `accountIds`: without them the server answers 409 `choose_accounts`.
 */
export function confirmPendingConnection({
  id,
  accountIds,
}: {
  id: string;
  accountIds?: string[];
}): Promise<ConfirmedConnection> {
  return api.post<ConfirmedConnection>(`${pendingPath(id)}/confirm`, accountIds ? { accountIds } : undefined);
}

/** The accounts a pending grant may connect, for the person to choose from. */
export const getPendingChoices = (id: string) => api.get<PendingConnectionChoices>(pendingPath(id));

export function useConfirmPendingConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPendingConnection,
    onSuccess: () => invalidateConnections(queryClient),
  });
}
