import type { AuthCode } from './oauth';
import type { EmulatorContext, RouteApi } from './context';
import { redirect, type EmuRequest, type EmuResponse } from './http';
import { authorizePage, errorPage } from './pages';

/** What every platform's authorize request comes down to once its own checks have passed. */
export interface AuthorizeGrant {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state?: string | null;
  codeChallenge?: string;
  codeChallengeMethod?: string;
}

/** One platform's authorize screen: the shared GET page + Approve/Deny POST, with its own checks and answers. */
export interface AuthorizeFlow<G extends AuthorizeGrant> {
  platform: string;
  platformName: string;
  hosts: readonly string[];
  path: string;
  /** The request parameters the page carries to the decision. */
  fields: readonly string[];
  /** The platform's checks; a bad request gets the platform's error page, never a redirect. */
  read(params: URLSearchParams): G | EmuResponse;
  /** Where the form posts (some platforms answer an absolute URL, others a path). */
  action(host: string): string;
  account(grant: G): { id: string; name: string };
  /**
   * Every sandbox account a person may sign in as on this platform: with several, the page lets them choose
   * (the `account` field, `account(grant)` chosen to start with), as a platform's own account switcher does.
   */
  accounts?(): { id: string; name: string }[];
  deniedDescription: string;
  /** When set, a decision other than approve or deny gets this page title; otherwise it counts as a denial. */
  noDecisionTitle?: string;
  /** The parameters of the redirect after approval, in the platform's order (and any record of the code). */
  approved(grant: G, code: AuthCode): Record<string, string | null | undefined>;
}

export function isResponse(v: object): v is EmuResponse {
  return 'status' in v;
}

/** An absolute http(s) URL. */
export function isHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A redirect to the app's URI with the given parameters (absent ones left out). */
export function redirectBack(redirectUri: string, params: Record<string, string | null | undefined>): EmuResponse {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) url.searchParams.set(k, v);
  return redirect(url.toString());
}

export function registerAuthorize<G extends AuthorizeGrant>(
  api: RouteApi,
  ctx: EmulatorContext,
  flow: AuthorizeFlow<G>,
) {
  for (const host of flow.hosts) {
    api.route('GET', host, flow.path, 'authorize', (req) => {
      const grant = flow.read(req.query);
      if (isResponse(grant)) return grant;
      const fields: Record<string, string> = {};
      for (const name of flow.fields) {
        const value = req.query.get(name);
        if (value !== null) fields[name] = value;
      }
      return authorizePage({
        platformName: flow.platformName,
        appName: 'Fanout',
        accountName: flow.account(grant).name,
        accounts: flow.accounts?.(),
        accountId: flow.account(grant).id,
        scopes: grant.scopes,
        action: flow.action(host),
        fields,
      });
    });

    api.route('POST', host, flow.path, 'authorize', async (req) => {
      const form = await req.form();
      const grant = flow.read(form);
      if (isResponse(grant)) return grant;
      const decision = form.get('decision');
      if (flow.noDecisionTitle && decision !== 'approve' && decision !== 'deny')
        return errorPage(400, flow.noDecisionTitle, 'decision: approve or deny.');
      if (decision !== 'approve')
        return redirectBack(grant.redirectUri, {
          error: 'access_denied',
          error_description: flow.deniedDescription,
          state: grant.state,
        });
      const chosen = flow.accounts?.().find((a) => a.id === form.get('account'));
      const code = ctx.oauth.issueCode({
        platform: flow.platform,
        clientId: grant.clientId,
        redirectUri: grant.redirectUri,
        scopes: grant.scopes,
        accountId: (chosen ?? flow.account(grant)).id,
        codeChallenge: grant.codeChallenge,
        codeChallengeMethod: grant.codeChallengeMethod,
      });
      return redirectBack(grant.redirectUri, flow.approved(grant, code));
    });
  }
}

/** `Authorization: Basic` credentials, form-decoded as RFC 6749 §2.3.1 says (Google and X read them so). */
export function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const basic = /^Basic\s+(.+)$/i.exec(header ?? '');
  if (!basic) return undefined;
  const [id, ...rest] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
  return { id: decodeURIComponent(id ?? ''), secret: decodeURIComponent(rest.join(':')) };
}

/** A token endpoint's body: a form, or a JSON object of strings (Google and X take both). */
export async function formOrJson(req: EmuRequest): Promise<URLSearchParams> {
  if (!(req.headers['content-type'] ?? '').includes('json')) return req.form();
  const body = await req.json();
  const p = new URLSearchParams();
  if (body && typeof body === 'object')
    for (const [k, v] of Object.entries(body)) if (typeof v === 'string') p.set(k, v);
  return p;
}
