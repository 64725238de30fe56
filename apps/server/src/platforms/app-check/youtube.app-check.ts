import { oauthVerdict, UNUSABLE_GRANT, type AppCheck } from './app-check';

/**
 * Google has no app-only grant for web clients, so the check offers the token endpoint a refresh token it never
 * issued: it authenticates the client first (`invalid_client` when unknown or the secret is wrong) and then
 * refuses the grant (`invalid_grant`). Nothing is issued.
 */
export const checkYouTubeApp: AppCheck = async ({ credentials, send }) => {
  const call = 'POST oauth2.googleapis.com/token (an unusable refresh token)';
  const res = await send('app_check', 'https://oauth2.googleapis.com/token', {
    form: {
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: UNUSABLE_GRANT,
    },
  });
  return oauthVerdict(call, res);
};
