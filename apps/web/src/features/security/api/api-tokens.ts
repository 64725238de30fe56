import type { ApiTokenList, CreateApiTokenBody, CreatedApiToken, OkResponse } from '@fanout/contracts';
import { api } from '@/lib/api-client';
import { useReauthenticated } from '../reauthentication';
import { useSecurityMutation, useSecurityQuery } from './security-queries';

export const apiTokensKey = ['security', 'api-tokens'] as const;

export function useApiTokens() {
  return useSecurityQuery<ApiTokenList>(apiTokensKey, '/auth/tokens');
}

export function createApiToken(body: CreateApiTokenBody): Promise<CreatedApiToken> {
  return api.post<CreatedApiToken>('/auth/tokens', body);
}

/** Making a token is a security change: "Confirm it's you" first when the server wants it. */
export function useCreateApiToken() {
  return useSecurityMutation(useReauthenticated(createApiToken), [apiTokensKey]);
}

export function useRevokeApiToken() {
  return useSecurityMutation((id: number) => api.delete<OkResponse>(`/auth/tokens/${id}`), [apiTokensKey]);
}
