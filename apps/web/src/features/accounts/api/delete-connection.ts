import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateConnections } from './get-connections';

export function deleteConnection(id: number): Promise<unknown> {
  return api.delete(`/connections/${id}`);
}

export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConnection,
    onSettled: () => invalidateConnections(queryClient),
  });
}
