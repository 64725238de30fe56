import { randomBytes } from 'node:crypto';
import { json, type EmuResponse } from '../../core/http';

/**
 * App access token (developers.facebook.com/docs/facebook-login/guides/access-tokens, "App Access Tokens"):
 * `GET /oauth/access_token?client_id={app-id}&client_secret={app-secret}&grant_type=client_credentials` →
 * `{access_token, token_type}`. The caller checks the app first (code 101 unknown id, 1 wrong secret). The
 * token acts for the app, never for a person or a Page: none is kept, so using it as either is refused.
 */
export function appAccessToken(appId: string): EmuResponse {
  return json(200, { access_token: `${appId}|${randomBytes(20).toString('base64url')}`, token_type: 'bearer' });
}
