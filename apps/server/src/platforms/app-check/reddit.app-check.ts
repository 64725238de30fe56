import { oauthVerdict, type AppCheck } from './app-check';

/**
 * Reddit's application-only OAuth (reddit wiki "OAuth2", Application Only OAuth): a confidential client takes
 * `grant_type=client_credentials` with Basic auth; an unknown client or wrong secret is answered 401.
 */
export const checkRedditApp: AppCheck = async ({ credentials, send }) => {
  const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64');
  const res = await send('app_check', 'https://www.reddit.com/api/v1/access_token', {
    headers: { authorization: `Basic ${basic}` },
    form: { grant_type: 'client_credentials' },
  });
  return oauthVerdict('POST www.reddit.com/api/v1/access_token (application-only token)', res, { issues: true });
};
