import type { AppCheck } from './app-check';
import { UNUSABLE_GRANT } from './app-check';

/**
 * Instagram Login documents no app-only token, so the check offers the code exchange a code it never issued.
 * api.instagram.com answers every refusal with 400 `{error_type, code, error_message}`; the app is judged by
 * the message, which names the app or its secret when those are wrong ("Invalid platform app", "Error
 * validating client secret") and the code otherwise. Nothing is issued.
 */
export const checkInstagramApp: AppCheck = async ({ credentials, redirectUri, send }) => {
  const call = 'POST api.instagram.com/oauth/access_token (an unusable code)';
  const res = await send('app_check', 'https://api.instagram.com/oauth/access_token', {
    form: {
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      grant_type: 'authorization_code',
      redirect_uri: redirectUri,
      code: UNUSABLE_GRANT,
    },
  });
  const message = (res.body as { error_message?: string } | undefined)?.error_message ?? '';
  if (res.status === 200) return { outcome: 'accepted', detail: `${call}: 200` };
  if (res.status === 401 || /platform app|client secret|client_id/i.test(message))
    return { outcome: 'refused', detail: `${call}: ${res.status} ${message}`.trim() };
  if (res.status === 400 && /code/i.test(message))
    return { outcome: 'accepted', detail: `${call}: ${res.status} ${message} (the app is known; the code is not)` };
  return { outcome: 'unknown', detail: `${call}: ${res.status} ${message}`.trim() };
};
