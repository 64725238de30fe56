import { randomBytes } from 'node:crypto';
import { json, type EmuResponse } from '../../core/http';
import { LIMITS } from './accounts';

/**
 * Application-only OAuth (github.com/reddit-archive/reddit/wiki/OAuth2, "Application Only OAuth"): a confidential
 * client posts `grant_type=client_credentials` with its Basic auth → `{access_token, token_type: "bearer",
 * expires_in, scope}`. The caller checks the client first (401). The token acts for no redditor: none is kept, so
 * the API refuses it where a user is needed.
 */
export function appOnlyToken(): EmuResponse {
  return json(200, {
    access_token: randomBytes(24).toString('base64url'),
    token_type: 'bearer',
    expires_in: LIMITS.accessTtlSeconds,
    scope: '*',
  });
}
