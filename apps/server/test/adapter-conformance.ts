import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdapterOptions } from '../src/platforms/base-adapter';
import type { PlatformAdapter } from '../src/platforms/platform-adapter';
import { PlatformError } from '../src/platforms/platform-error';
import {
  control,
  decideOnAuthorizePage,
  sandboxAdapterOptions,
  startTestEmulator,
  type TestEmulator,
} from './emulator';
import { connectAccount, testRedirectUri } from './publish-loop';

/** The PlatformError a call fails with (the test fails when it does not). */
export async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}

export interface AdapterHarness<A extends PlatformAdapter> {
  readonly emu: TestEmulator;
  /** The adapter on this file's emulator, made once. */
  readonly adapter: A;
  /** A new adapter on the same emulator with other options (a short timeout, another User-Agent). */
  make(extra?: Partial<AdapterOptions>): A;
}

/**
 * A test file's own emulator and adapter: started before its tests, faults cleared after each, stopped at
 * the end. `now` is the emulator's clock, for tests of token ages.
 */
export function adapterHarness<A extends PlatformAdapter>(
  create: (options: AdapterOptions) => A,
  opts: { now?: () => number } = {},
): AdapterHarness<A> {
  let emu: TestEmulator | undefined;
  let adapter: A | undefined;
  let platform = '';
  beforeAll(async () => {
    emu = await startTestEmulator(undefined, { now: opts.now });
    // The platform's own sandbox app: the adapter says which platform it is.
    platform = create(sandboxAdapterOptions(emu)).platform;
    adapter = create(sandboxAdapterOptions(emu, {}, platform));
  });
  afterEach(async () => {
    if (emu) await control.clearFaults(emu);
  });
  afterAll(async () => {
    await emu?.stop();
  });
  const started = () => {
    if (!emu || !adapter) throw new Error('the emulator is not started yet');
    return { emu, adapter };
  };
  return {
    get emu() {
      return started().emu;
    },
    get adapter() {
      return started().adapter;
    },
    make: (extra = {}) => create(sandboxAdapterOptions(started().emu, extra, platform)),
  };
}

export interface OAuthConformance {
  /** Whether the adapter sends a PKCE challenge (and so a wrong verifier must be refused). */
  pkce: boolean;
  /** The OAuth `error` code a used code is refused with, when the platform names one. */
  usedCodeError?: string;
  /** What an expired access token leads to: a refresh that brings a working one, or a dead connection. */
  expiry?: 'refreshes' | 'disconnects';
  /** Whether a refresh hands out a new refresh token (the old one then disconnects) or keeps the same. */
  refresh?: 'rotates' | 'keeps';
}

/** The OAuth behaviour every adapter shares: Deny, the state, used and made-up codes, expiry and refresh. */
export function describeOAuthConformance(name: string, h: AdapterHarness<PlatformAdapter>, spec: OAuthConformance) {
  const authorizeUrl = (state: string, codeChallenge?: string) =>
    h.adapter.authorizeUrl({ state, redirectUri: testRedirectUri(h.adapter.platform), codeChallenge });
  const challenge = spec.pkce ? 'A'.repeat(43) : undefined;

  describe(`${name} OAuth`, () => {
    it(`${spec.pkce ? 'uses' : 'does not use'} PKCE`, () => {
      expect(h.adapter.usesPkce).toBe(spec.pkce);
    });

    it('deny → back with error=access_denied, no code and the same state', async () => {
      const state = randomUUID();
      const back = await decideOnAuthorizePage(authorizeUrl(state, challenge), 'deny');
      expect(back.searchParams.get('error')).toBe('access_denied');
      expect(back.searchParams.get('code')).toBeNull();
      expect(back.searchParams.get('state')).toBe(state);
    });

    it('the state comes back exactly as sent, so a state the caller did not send shows as a mismatch', async () => {
      const back = await decideOnAuthorizePage(authorizeUrl('sent-state', challenge), 'approve');
      expect(back.searchParams.get('state')).toBe('sent-state');
      expect(back.searchParams.get('state')).not.toBe('other-state');
    });

    it('a code used twice or made up is refused as rejected', async () => {
      const { code, redirectUri, codeVerifier } = await connectAccount(h.adapter);
      const reused = await failure(h.adapter.exchangeCode({ code, redirectUri, codeVerifier }));
      expect(reused.kind).toBe('rejected');
      if (spec.usedCodeError) expect(reused.platformCode).toBe(spec.usedCodeError);
      const madeUp = await failure(h.adapter.exchangeCode({ code: 'not-a-code', redirectUri, codeVerifier }));
      expect(madeUp.kind).toBe('rejected');
    });

    if (spec.pkce)
      it('a code exchanged with a verifier that does not match its challenge is refused as rejected', async () => {
        const back = await decideOnAuthorizePage(authorizeUrl('v', 'A'.repeat(43)), 'approve');
        const wrong = await failure(
          h.adapter.exchangeCode({
            code: back.searchParams.get('code')!,
            redirectUri: testRedirectUri(h.adapter.platform),
            codeVerifier: 'B'.repeat(43),
          }),
        );
        expect(wrong.kind).toBe('rejected');
      });

    if (spec.expiry === 'refreshes')
      it('an expired access token is auth_expired; a refresh brings a working one', async () => {
        const { tokens } = await connectAccount(h.adapter);
        await control.expireTokens(h.emu, h.adapter.platform);
        expect((await failure(h.adapter.profile(tokens))).kind).toBe('auth_expired');
        const fresh = await h.adapter.refresh(tokens);
        expect((await h.adapter.profile(fresh)).accountId).toBeTruthy();
      });

    if (spec.refresh === 'rotates')
      it('a refresh rotates the refresh token; the old one is refused afterwards as disconnected', async () => {
        const { tokens } = await connectAccount(h.adapter);
        const fresh = await h.adapter.refresh(tokens);
        expect(fresh.accessToken).not.toBe(tokens.accessToken);
        expect(fresh.refreshToken).toBeTruthy();
        expect(fresh.refreshToken).not.toBe(tokens.refreshToken);
        expect((await h.adapter.profile(fresh)).accountId).toBeTruthy();
        expect((await failure(h.adapter.refresh(tokens))).kind).toBe('disconnected');
        // The rotated one keeps working.
        expect((await h.adapter.refresh(fresh)).accessToken).toBeTruthy();
      });

    if (spec.refresh === 'keeps')
      it('a refresh gives a new access token and keeps the refresh token, which keeps working', async () => {
        const { tokens } = await connectAccount(h.adapter);
        const fresh = await h.adapter.refresh(tokens);
        expect(fresh.accessToken).not.toBe(tokens.accessToken);
        expect(fresh.refreshToken).toBe(tokens.refreshToken);
        expect((await h.adapter.profile(fresh)).accountId).toBeTruthy();
        expect((await h.adapter.refresh(tokens)).accessToken).toBeTruthy();
      });

    if (spec.refresh)
      it('a refresh token the platform does not know is disconnected', async () => {
        const unknown = { accessToken: 'x', refreshToken: 'not-a-refresh-token', scopes: [] };
        expect((await failure(h.adapter.refresh(unknown))).kind).toBe('disconnected');
      });
  });
}
