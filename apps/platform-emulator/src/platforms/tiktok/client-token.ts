import { randomBytes } from 'node:crypto';
import { json, type EmuResponse } from '../../core/http';

/** developers.tiktok.com "Client Access Token Management": valid for 2 hours. */
const CLIENT_TOKEN_SECONDS = 7200;

/**
 * The client access token (developers.tiktok.com "Client Access Token Management"): `POST /v2/oauth/token/`
 * with `client_key`, `client_secret`, `grant_type=client_credentials` → `{access_token, expires_in, token_type}`.
 * The caller checks the client first (`invalid_client`). It acts for no user: none is kept, so user endpoints
 * refuse it.
 */
export function clientAccessToken(): EmuResponse {
  return json(
    200,
    {
      access_token: `clt.${randomBytes(24).toString('base64url')}`,
      expires_in: CLIENT_TOKEN_SECONDS,
      token_type: 'Bearer',
    },
    { 'cache-control': 'no-store' },
  );
}
