import { oauthVerdict, type AppCheck } from './app-check';

/**
 * TikTok's client access token (developers.tiktok.com "Client Access Token Management"): `grant_type=
 * client_credentials` with the client key and secret; it acts for no user. A bad pair is `invalid_client`.
 */
export const checkTikTokApp: AppCheck = async ({ credentials, send }) => {
  const res = await send('app_check', 'https://open.tiktokapis.com/v2/oauth/token/', {
    form: {
      client_key: credentials.clientId,
      client_secret: credentials.clientSecret,
      grant_type: 'client_credentials',
    },
  });
  return oauthVerdict('POST open.tiktokapis.com/v2/oauth/token/ (client access token)', res, { issues: true });
};
