import { Secret, TOTP } from 'otpauth';

/** What every authenticator app understands: SHA-1, 6 digits, 30 s. */
const PERIOD = 30;
const DIGITS = 6;
/** One step either side: clocks on phones drift. */
const DRIFT_STEPS = 1;

function totp(secretBase32: string, issuer = '', label = '') {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** 160 random bits, as RFC 4226 recommends. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secretBase32: string, issuer: string, accountName: string): string {
  return totp(secretBase32, issuer, accountName).toString();
}

export function isTotpCodeShape(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s/g, ''));
}

/**
 * The time step a code belongs to, or null when it matches none of now and one step either side.
 * The caller must refuse a step at or before the last one used (each code works once).
 */
export function matchTotpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s/g, '');
  if (!isTotpCodeShape(token)) return null;
  const t = totp(secretBase32);
  const delta = t.validate({ token, timestamp: now, window: DRIFT_STEPS });
  return delta === null ? null : t.counter({ timestamp: now }) + delta;
}
