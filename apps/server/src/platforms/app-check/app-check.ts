import type { PlatformResponse, RequestOptions } from '../platform-http';

/** What a platform said of an app's id and secret: known, refused, or no clear answer (no answer, an odd one). */
export type AppCheckOutcome = 'accepted' | 'refused' | 'unknown';

export interface AppCheckResult {
  outcome: AppCheckOutcome;
  /** The call made and the platform's answer, in a line. */
  detail: string;
}

export interface AppCheckInput {
  credentials: { clientId: string; clientSecret: string };
  /** The redirect URI registered for this server (some token endpoints want it with any code). */
  redirectUri: string;
  /** The adapter's own request (User-Agent, sandbox address rewrite); 400, 401 and 403 come back as answers. */
  send(step: string, url: string, opts: RequestOptions): Promise<PlatformResponse>;
}

/** One platform's harmless call: it issues at most an app-only token and never acts for a person. */
export type AppCheck = (input: AppCheckInput) => Promise<AppCheckResult>;

/** Statuses a check reads itself; anything else stays an error of the adapter (no answer, 5xx, 429). */
export const CHECK_STATUSES = [400, 401, 403];

/** A grant no platform issued: the token endpoint must refuse it, and says first whether it knows the client. */
export const UNUSABLE_GRANT = 'fanout-doctor-unusable-grant';

const field = (res: PlatformResponse, name: string): unknown =>
  res.body && typeof res.body === 'object' ? (res.body as Record<string, unknown>)[name] : undefined;

/**
 * An OAuth 2.0 token or revocation endpoint's answer (RFC 6749 §5.2, RFC 7009 §2.2): a client it does not
 * authenticate gets 401 or `invalid_client`/`unauthorized_client`; a known client with a grant it cannot use
 * gets 400 `invalid_grant`/`invalid_request`; a success means the client is known. `issues`: the call asks for
 * an app-only token, so only a token is acceptance (a refusal of the grant itself proves nothing).
 */
export function oauthVerdict(call: string, res: PlatformResponse, { issues = false } = {}): AppCheckResult {
  const error = field(res, 'error');
  const said = typeof error === 'string' ? `${res.status} ${error}` : String(res.status);
  const ok = res.status >= 200 && res.status < 300 && !error && (!issues || !!field(res, 'access_token'));
  if (ok) return { outcome: 'accepted', detail: `${call}: ${said}` };
  if (res.status === 401 || error === 'invalid_client' || error === 'unauthorized_client')
    return { outcome: 'refused', detail: `${call}: ${said}` };
  if (!issues && (error === 'invalid_grant' || error === 'invalid_request'))
    return { outcome: 'accepted', detail: `${call}: ${said} (the client is known; the probe's grant is not)` };
  return { outcome: 'unknown', detail: `${call}: ${said}` };
}
