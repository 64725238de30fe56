import type { EmulatorContext } from '../../core/context';
import { redirect, type EmuRequest, type EmuResponse, type Handler } from '../../core/http';
import { authorizePage, errorPage } from '../../core/pages';

export interface AuthorizeConfig {
  platform: string;
  platformName: string;
  account: { id: string; name: string };
  /**
   * Every account a person may sign in as (Instagram's account switcher): with several, the page lets them choose
   * (the `account` field, `account` chosen to start with).
   */
  accounts?: readonly { id: string; name: string }[];
  knownScopes: readonly string[];
  /** Granted with any approval (Facebook's `public_profile`). */
  implicitScopes?: readonly string[];
  /** What the platform puts after the query of the redirect (`#_` for Instagram, `#_=_` for Facebook). */
  fragment: string;
  denyDescription: string;
  /** More parameters of a refusal (Facebook's `error_code=200`). */
  denyExtra?: Record<string, string>;
  /**
   * Of the scopes asked for, those the dialog asks the person for now (Facebook leaves out permissions the
   * person declined before, unless re-requested); all of them when absent.
   */
  asks?(g: { clientId: string; accountId: string; requested: string[]; params: URLSearchParams }): string[];
  /** The person approved these scopes. */
  approved?(g: { clientId: string; accountId: string; scopes: string[] }): void;
  /** Request parameters the page carries to the decision besides the OAuth ones (Facebook's `auth_type`). */
  extraFields?: readonly string[];
}

/**
 * Meta's consent screens (Instagram's `oauth/authorize`, Facebook's `dialog/oauth`). GET shows the app, the account
 * and the scopes with Approve and Deny; the form posts back to the same address with the request in hidden fields
 * and `decision`. A request that cannot be trusted to redirect (unknown app, bad `redirect_uri`, unknown scopes)
 * gets an error page, as Meta shows one.
 */
export function authorizeHandler(ctx: EmulatorContext, cfg: AuthorizeConfig): Handler {
  return async (req: EmuRequest): Promise<EmuResponse> => {
    const form = req.method === 'POST' ? await req.form() : undefined;
    const p = form && [...form.keys()].length ? form : req.query;
    const clientId = p.get('client_id');
    const redirectUri = p.get('redirect_uri');
    const state = p.get('state');
    // Each product takes its own app id (Instagram Login: the Instagram app's, not the Meta app's).
    if (!ctx.oauth.checkApp(cfg.platform, clientId))
      return errorPage(400, 'Invalid App ID', `The app ID "${clientId ?? ''}" is not a ${cfg.platformName} app.`);
    if (!redirectUri || !/^https?:\/\/[^\s]+$/.test(redirectUri))
      return errorPage(
        400,
        'Invalid redirect_uri',
        'redirect_uri must be an absolute http(s) URL registered for the app.',
      );
    const responseType = p.get('response_type') ?? 'code';
    if (responseType !== 'code')
      return errorPage(400, 'Unsupported response_type', `response_type must be "code", not "${responseType}".`);
    const requested = (p.get('scope') ?? '').split(/[\s,]+/).filter(Boolean);
    const unknown = requested.filter((s) => !cfg.knownScopes.includes(s));
    if (unknown.length)
      return errorPage(
        400,
        'Invalid Scopes',
        `Invalid Scopes: ${unknown.join(', ')}. Valid scopes: ${cfg.knownScopes.join(', ')}.`,
      );
    const account = cfg.accounts?.find((a) => a.id === form?.get('account')) ?? cfg.account;
    const asked = cfg.asks ? cfg.asks({ clientId: clientId!, accountId: account.id, requested, params: p }) : requested;
    const scopes = [...new Set([...(cfg.implicitScopes ?? []), ...asked])];
    const extra: Record<string, string> = {};
    for (const name of cfg.extraFields ?? []) {
      const value = p.get(name);
      if (value !== null) extra[name] = value;
    }

    const decision = form?.get('decision');
    if (decision !== 'approve' && decision !== 'deny') {
      return authorizePage({
        platformName: cfg.platformName,
        appName: clientId!,
        accountName: cfg.account.name,
        accounts: cfg.accounts ? [...cfg.accounts] : undefined,
        accountId: cfg.account.id,
        scopes,
        action: ctx.pageUrl(req.host, req.path),
        fields: {
          client_id: clientId!,
          redirect_uri: redirectUri,
          response_type: responseType,
          scope: requested.join(','),
          ...(state !== null ? { state } : {}),
          ...extra,
        },
      });
    }

    const back = new URL(redirectUri);
    back.hash = '';
    if (decision === 'approve') {
      const code = ctx.oauth.issueCode({
        platform: cfg.platform,
        clientId: clientId!,
        redirectUri,
        scopes,
        accountId: account.id,
      });
      cfg.approved?.({ clientId: clientId!, accountId: account.id, scopes });
      back.searchParams.set('code', code.code);
    } else {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_reason', 'user_denied');
      back.searchParams.set('error_description', cfg.denyDescription);
      for (const [k, v] of Object.entries(cfg.denyExtra ?? {})) back.searchParams.set(k, v);
    }
    if (state !== null) back.searchParams.set('state', state);
    return redirect(`${back.toString()}${cfg.fragment}`);
  };
}
