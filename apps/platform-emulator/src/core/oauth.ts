import { createHash, randomBytes } from 'node:crypto';
import type { Store } from './store';

/**
 * The apps the emulator knows, as a developer portal would after registration. Every platform accepts
 * the sandbox app; its redirect URIs are not pinned (any http(s) URI), as the sandbox runs on any port.
 */
export const SANDBOX_CLIENT_ID = 'fanout-sandbox';
export const SANDBOX_CLIENT_SECRET = 'fanout-sandbox-secret';

export interface SandboxApp {
  clientId: string;
  clientSecret: string;
}

/**
 * Products of one developer app that sign people in with ids of their own. Instagram API with Instagram Login
 * takes the Instagram app's id and secret (App Dashboard → Instagram → API setup with Instagram login), not the
 * Meta app id that Facebook Login takes (developers.facebook.com "Business Login for Instagram", "Oauth
 * Authorize": `client_id` is "Your Instagram App ID"; reference §2): each product refuses the other's id.
 */
const PRODUCT_APPS: Readonly<Record<string, SandboxApp>> = {
  instagram: { clientId: 'fanout-sandbox-instagram', clientSecret: 'fanout-sandbox-instagram-secret' },
};

/** The sandbox app as `platform` knows it: the product's own id where it has one, else the app's. */
export function sandboxApp(platform: string): SandboxApp {
  return PRODUCT_APPS[platform] ?? { clientId: SANDBOX_CLIENT_ID, clientSecret: SANDBOX_CLIENT_SECRET };
}

export interface AuthCode {
  code: string;
  platform: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  accountId: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  expiresAt: number;
  used: boolean;
}

export interface AccessToken {
  platform: string;
  accessToken: string;
  refreshToken?: string;
  accountId: string;
  clientId: string;
  scopes: string[];
  issuedAt: number;
  expiresAt: number;
  revoked: boolean;
  /** Free-form per platform (e.g. `kind: 'short' | 'long'` for Meta tokens, `pageId` for Page tokens). */
  meta?: Record<string, string>;
}

export interface RefreshToken {
  platform: string;
  refreshToken: string;
  accountId: string;
  clientId: string;
  scopes: string[];
  expiresAt: number;
  /** Rotated away (TikTok): any further use is refused. */
  revoked: boolean;
}

export type AccessCheck =
  | { ok: true; token: AccessToken }
  | { ok: false; reason: 'missing' | 'invalid' | 'expired' | 'insufficient_scope'; scope?: string };

export type RedeemResult =
  | { ok: true; code: AuthCode }
  | { ok: false; reason: 'invalid_grant' | 'invalid_client' | 'redirect_uri_mismatch' | 'invalid_verifier' };

const token = (prefix: string) => `${prefix}.${randomBytes(24).toString('base64url')}`;

/** Codes, access and refresh tokens for every platform, persisted; each platform picks lifetimes and shapes. */
export class OAuth {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  private get codes() {
    return this.store.collection<AuthCode>('_oauth.codes');
  }
  get accessTokens() {
    return this.store.collection<AccessToken>('_oauth.access');
  }
  get refreshTokens() {
    return this.store.collection<RefreshToken>('_oauth.refresh');
  }

  checkClient(clientId: string | null | undefined, clientSecret?: string | null): boolean {
    if (clientId !== SANDBOX_CLIENT_ID) return false;
    return clientSecret === undefined || clientSecret === SANDBOX_CLIENT_SECRET;
  }

  /** `checkClient` for a platform whose product signs in with an id of its own (`sandboxApp`). */
  checkApp(platform: string, clientId: string | null | undefined, clientSecret?: string | null): boolean {
    const app = sandboxApp(platform);
    if (clientId !== app.clientId) return false;
    return clientSecret === undefined || clientSecret === app.clientSecret;
  }

  issueCode(c: Omit<AuthCode, 'code' | 'expiresAt' | 'used'>): AuthCode {
    const code: AuthCode = {
      ...c,
      code: token(`${c.platform}-code`),
      expiresAt: this.now() + 10 * 60_000,
      used: false,
    };
    return this.codes.set(code.code, code);
  }

  /** Uses a code once, checking the client, the redirect URI and (when the code has one) the PKCE verifier. */
  redeemCode(
    code: string | null | undefined,
    check: {
      platform: string;
      clientId: string | null | undefined;
      redirectUri?: string | null;
      codeVerifier?: string | null;
    },
  ): RedeemResult {
    const found = code ? this.codes.get(code) : undefined;
    if (!found || found.platform !== check.platform || found.used || found.expiresAt < this.now())
      return { ok: false, reason: 'invalid_grant' };
    if (found.clientId !== check.clientId) return { ok: false, reason: 'invalid_client' };
    if (check.redirectUri !== undefined && check.redirectUri !== found.redirectUri)
      return { ok: false, reason: 'redirect_uri_mismatch' };
    if (found.codeChallenge) {
      const verifier = check.codeVerifier ?? '';
      const computed =
        found.codeChallengeMethod === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
      if (!verifier || computed !== found.codeChallenge) return { ok: false, reason: 'invalid_verifier' };
    }
    this.codes.update(found.code, (c) => (c.used = true));
    return { ok: true, code: found };
  }

  issueAccess(t: {
    platform: string;
    accountId: string;
    clientId: string;
    scopes: string[];
    ttlSeconds: number;
    refreshToken?: string;
    meta?: Record<string, string>;
  }): AccessToken {
    const now = this.now();
    const access: AccessToken = {
      platform: t.platform,
      accessToken: token(`${t.platform}-at`),
      refreshToken: t.refreshToken,
      accountId: t.accountId,
      clientId: t.clientId,
      scopes: t.scopes,
      issuedAt: now,
      expiresAt: now + t.ttlSeconds * 1000,
      revoked: false,
      meta: t.meta,
    };
    return this.accessTokens.set(access.accessToken, access);
  }

  issueRefresh(t: { platform: string; accountId: string; clientId: string; scopes: string[]; ttlSeconds: number }) {
    const refresh: RefreshToken = {
      ...t,
      refreshToken: token(`${t.platform}-rt`),
      expiresAt: this.now() + t.ttlSeconds * 1000,
      revoked: false,
    };
    delete (refresh as { ttlSeconds?: number }).ttlSeconds;
    return this.refreshTokens.set(refresh.refreshToken, refresh);
  }

  /** A refresh token that can still be used, or undefined. */
  liveRefresh(platform: string, refreshToken: string | null | undefined): RefreshToken | undefined {
    const found = refreshToken ? this.refreshTokens.get(refreshToken) : undefined;
    if (!found || found.platform !== platform || found.revoked || found.expiresAt < this.now()) return undefined;
    return found;
  }

  revokeRefresh(refreshToken: string) {
    this.refreshTokens.update(refreshToken, (r) => (r.revoked = true));
  }

  /** Checks a presented access token for this platform, and a scope when given. */
  check(platform: string, presented: string | undefined, scope?: string | string[]): AccessCheck {
    if (!presented) return { ok: false, reason: 'missing' };
    const found = this.accessTokens.get(presented);
    if (!found || found.platform !== platform || found.revoked) return { ok: false, reason: 'invalid' };
    if (found.expiresAt <= this.now()) return { ok: false, reason: 'expired' };
    const needed = scope === undefined ? [] : Array.isArray(scope) ? scope : [scope];
    if (needed.length && !needed.some((s) => found.scopes.includes(s)))
      return { ok: false, reason: 'insufficient_scope', scope: needed.join(' or ') };
    return { ok: true, token: found };
  }

  /** Control API: every issued access token of a platform (or all) expires now. */
  expireAll(platform?: string) {
    const now = this.now();
    for (const [id, t] of this.accessTokens.entries())
      if (!platform || t.platform === platform)
        this.accessTokens.update(id, (x) => (x.expiresAt = Math.min(x.expiresAt, now - 1)));
  }
}
