import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateRuleBody, Rule, RuleList, RuleResponse, UpdateRuleBody } from '@fanout/contracts';
import { api } from '@/lib/api-client';

export const rulesQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: ['rules', projectId],
    queryFn: ({ signal }) => api.get<RuleList>(`/projects/${projectId}/rules`, signal).then((r) => r.rules),
  });

export function useRules(projectId: number) {
  return useQuery(rulesQueryOptions(projectId));
}

function useRulesMutation<V>(projectId: number, mutationFn: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['rules', projectId] }),
  });
}

export function useCreateRule(projectId: number) {
  return useRulesMutation(projectId, (body: CreateRuleBody) =>
    api.post<RuleResponse>(`/projects/${projectId}/rules`, body).then((r): Rule => r.rule),
  );
}

export function useUpdateRule(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateRuleBody }) =>
      api.patch<RuleResponse>(`/rules/${id}`, body).then((r): Rule => r.rule),
    // The answer is the rule as saved: shown at once, so a toggle does not flick back while the list reloads.
    onSuccess: (rule) => {
      queryClient.setQueryData(rulesQueryOptions(projectId).queryKey, (rules) =>
        rules?.map((r) => (r.id === rule.id ? rule : r)),
      );
      return queryClient.invalidateQueries({ queryKey: ['rules', projectId] });
    },
  });
}

export function useDeleteRule(projectId: number) {
  return useRulesMutation(projectId, (id: number) => api.delete(`/rules/${id}`));
}
