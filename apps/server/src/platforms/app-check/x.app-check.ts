import { oauthVerdict, UNUSABLE_GRANT, type AppCheck } from './app-check';

/**
 * X's OAuth 2.0 token revocation (`POST /2/oauth2/revoke`, confidential clients with Basic auth): revoking a
 * token that never existed changes nothing (RFC 7009 §2.2: answered 200), and a client it does not know is
 * answered 401.
 */
export const checkXApp: AppCheck = async ({ credentials, send }) => {
  const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64');
  const res = await send('app_check', 'https://api.x.com/2/oauth2/revoke', {
    headers: { authorization: `Basic ${basic}` },
    form: { token: UNUSABLE_GRANT, token_type_hint: 'access_token' },
  });
  return oauthVerdict('POST api.x.com/2/oauth2/revoke (a token that never existed)', res);
};
