// The types of oidc-provider come with this file wherever it is compiled (the e2e tests use it too).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider.d.ts" />
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';

export interface TestAccount {
  email: string;
  email_verified: boolean;
  name: string;
}

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  /** People who can sign in at the provider, by subject. */
  accounts: Map<string, TestAccount>;
  /**
   * Who the next sign-in at the provider's own pages is (each interaction is answered at once as this subject):
   * set it before a browser goes to the authorization URL. `signIn` sets it too.
   */
  nextSubject: string;
  /**
   * Goes through the provider's sign-in as `subject` (the provider's interaction is answered at once, as if the
   * person had signed in and agreed) and returns what the provider sent back to the redirect URI.
   */
  signIn(authorizationUrl: string, subject: string): Promise<{ idToken: string; state: string }>;
  /** An ID token signed with the provider's own key (the one discovery publishes), for tokens it would not issue. */
  sign(claims: JWTPayload): Promise<string>;
  /** The same, with a key the provider does not publish. */
  signWithForeignKey(claims: JWTPayload): Promise<string>;
  close(): Promise<void>;
}

const KID = 'test-signing-key';

/** Why oidc-provider refuses an implicit-flow web client whose redirect URI is plain http or localhost. */
const INSECURE_REDIRECT_CODES = new Set(['implicit-force-https', 'implicit-forbid-localhost']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

interface ClientSchemaPrototype {
  invalidate(this: unknown, message: string, code?: string): void;
}

/**
 * A real OpenID provider (oidc-provider) on a loopback port, with one implicit-flow client. The redirect URI may
 * be http on a loopback host (a browser test's app server), which the provider otherwise refuses for such clients.
 */
export async function startOidcTestProvider(client: {
  clientId: string;
  redirectUri: string;
}): Promise<OidcTestProvider> {
  const signing = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(signing.privateKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, TestAccount>();
  let nextSubject = '';

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        redirect_uris: [client.redirectUri],
        response_types: ['id_token'],
        grant_types: ['implicit'],
        token_endpoint_auth_method: 'none',
      },
    ],
    responseTypes: ['id_token'],
    jwks: { keys: [jwk] },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    ttl: { Interaction: 600, Grant: 600, IdToken: 600, Session: 600 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: async () => ({ sub, ...account }) } : undefined;
    },
  });
  const redirect = new URL(client.redirectUri);
  if (redirect.protocol === 'http:' && LOOPBACK_HOSTS.has(redirect.hostname)) {
    // oidc-provider's own recipe for development set-ups: let these two checks pass, and every other one stand.
    const schema = (provider as unknown as { Client: { Schema: { prototype: ClientSchemaPrototype } } }).Client.Schema
      .prototype;
    const { invalidate } = schema;
    schema.invalidate = function (message, code) {
      if (code && INSECURE_REDIRECT_CODES.has(code)) return;
      invalidate.call(this, message, code);
    };
  }
  const handle = provider.callback();

  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId: nextSubject, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: nextSubject }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((err: Error) => {
      res.statusCode = 500;
      res.end(err.message);
    });
  });

  async function signIn(authorizationUrl: string, subject: string) {
    nextSubject = subject;
    const cookies = new Map<string, string>();
    let url = authorizationUrl;
    for (let hop = 0; hop < 10; hop++) {
      if (url.startsWith(client.redirectUri)) {
        const answer = new URLSearchParams(new URL(url).hash.slice(1));
        const idToken = answer.get('id_token');
        if (!idToken) throw new Error(`provider answered without an ID token: ${answer.toString()}`);
        return { idToken, state: answer.get('state') ?? '' };
      }
      const res = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const location = res.headers.get('location');
      if (!location) throw new Error(`provider stopped at ${url}: ${res.status} ${await res.text()}`);
      url = new URL(location, url).toString();
    }
    throw new Error('too many redirects at the provider');
  }

  const signWith = (key: Parameters<SignJWT['sign']>[0]) => (claims: JWTPayload) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' }).sign(key);

  return {
    issuer,
    clientId: client.clientId,
    accounts,
    get nextSubject() {
      return nextSubject;
    },
    set nextSubject(subject: string) {
      nextSubject = subject;
    },
    signIn,
    sign: signWith(signing.privateKey),
    signWithForeignKey: signWith(foreign.privateKey),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
