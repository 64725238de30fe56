import type { AppContext } from '../context';
import { tooManyRequests } from '../http/errors';
import {
  deleteFailures,
  failureTimesSince,
  insertFailures,
  pruneFailures,
} from '../repositories/auth-failures.repository';
import {
  forgetSignInAddressesBefore,
  isKnownSignInAddress as knownSince,
  rememberSignInAddress,
} from '../repositories/known-sign-in-addresses.repository';

/** An address counts as the owner's for this long after the account last signed in from it. */
const KNOWN_ADDRESS_DAYS = 90;

/** Notes a successful sign-in's address, and forgets those the account has not used for KNOWN_ADDRESS_DAYS. */
export async function rememberKnownSignInAddress(ctx: AppContext, userId: number, ip: string): Promise<void> {
  const now = new Date();
  await rememberSignInAddress(ctx.db, userId, ip, now);
  await forgetSignInAddressesBefore(ctx.db, userId, new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000));
}

/** Whether the account signed in successfully from `ip` within the last KNOWN_ADDRESS_DAYS. */
export async function isKnownSignInAddress(ctx: AppContext, userId: number, ip: string): Promise<boolean> {
  return knownSince(ctx.db, userId, ip, new Date(Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000));
}

/**
 * Failed sign-in attempts, counted in the database (so every server process and every client address
 * adds to the same count) over a sliding window of AUTH_LOCKOUT_MINUTES. A key at its limit is refused
 * with 429 and Retry-After until enough of its failures have aged out of the window. A password sign-in
 * from an address the account signed in from before is held to that address's own count for the account
 * instead of the account's (sign-in.service), so strangers' failures cannot keep the owner out.
 */
export interface ThrottleKey {
  key: string;
  max: number;
}

/** The same words whatever the key, so a refusal never tells whether an account exists. */
const MESSAGE = 'Too many attempts. Try again later.';

export const throttleKeys = {
  /** Per account when it exists, else per what was typed: both lock after the same count. */
  loginAccount: (ctx: AppContext, userId: number | undefined, identifier: string): ThrottleKey => ({
    key: userId !== undefined ? `login:user:${userId}` : `login:name:${identifier.trim().toLowerCase()}`,
    max: ctx.config.authLockout.maxFailuresPerAccount,
  }),
  /**
   * One account's failures from one address. From an address the account has signed in from before, this
   * count stands in for the account's: failures from elsewhere do not lock the owner out there.
   */
  loginAccountAtAddress: (ctx: AppContext, userId: number, ip: string): ThrottleKey => ({
    key: `login:user:${userId}:ip:${ip}`,
    max: ctx.config.authLockout.maxFailuresPerAccount,
  }),
  loginIp: (ctx: AppContext, ip: string | undefined): ThrottleKey => ({
    key: `login:ip:${ip ?? 'unknown'}`,
    max: ctx.config.authLockout.maxFailuresPerIp,
  }),
  /** Passkey sign-in keeps its own counts, so a password lockout leaves the phishing-proof way in open. */
  passkeyAccount: (ctx: AppContext, userId: number): ThrottleKey => ({
    key: `passkey:user:${userId}`,
    max: ctx.config.authLockout.maxFailuresPerAccount,
  }),
  passkeyIp: (ctx: AppContext, ip: string | undefined): ThrottleKey => ({
    key: `passkey:ip:${ip ?? 'unknown'}`,
    max: ctx.config.authLockout.maxFailuresPerIp,
  }),
  /** Codes and passwords asked for again by signed-in screens (2FA settings, password change). */
  reauth: (ctx: AppContext, userId: number): ThrottleKey => ({
    key: `reauth:user:${userId}`,
    max: ctx.config.authLockout.maxFailuresPerAccount,
  }),
};

/** Throws 429 when any key has reached its limit. */
export async function assertNotThrottled(ctx: AppContext, keys: ThrottleKey[]): Promise<void> {
  const now = Date.now();
  const windowMs = ctx.config.authLockout.windowMs;
  let retryAfterMs = 0;
  for (const { key, max } of keys) {
    const times = await failureTimesSince(ctx.db, key, new Date(now - windowMs), max + 100);
    if (times.length < max) continue;
    // Allowed again once the failure that pushed the count to the limit has aged out.
    const pivot = times[times.length - max]!;
    retryAfterMs = Math.max(retryAfterMs, pivot.getTime() + windowMs - now);
  }
  if (retryAfterMs > 0) throw tooManyRequests(retryAfterMs / 1000, MESSAGE);
}

export async function recordFailure(ctx: AppContext, keys: ThrottleKey[]): Promise<void> {
  const now = Date.now();
  await insertFailures(
    ctx.db,
    keys.map((k) => k.key),
    new Date(now),
  );
  await pruneFailures(ctx.db, new Date(now - ctx.config.authLockout.windowMs));
}

export async function clearFailures(ctx: AppContext, key: ThrottleKey): Promise<void> {
  await deleteFailures(ctx.db, key.key);
}
