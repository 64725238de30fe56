import { Secret, TOTP } from 'otpauth';

/** What the server and every authenticator app use: SHA-1, 6 digits, 30 s. */
const PERIOD_MS = 30_000;

/**
 * An authenticator app for the setup key the Security screen shows. The server takes each time step once
 * and accepts one step either side of its clock, so every code comes from a later step than the one before:
 * the current step first, then the next one. No code waits for the clock.
 */
export function authenticatorApp(setupKey: string) {
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_MS / 1000,
    secret: Secret.fromBase32(setupKey),
  });
  let lastStep = -Infinity;

  return {
    /** A code of a step not used before; throws rather than hand out one the server would refuse. */
    nextCode(): string {
      const now = Date.now();
      const current = totp.counter({ timestamp: now });
      const step = Math.max(current, lastStep + 1);
      if (step > current + 1) {
        throw new Error('Both codes the server accepts now are used: a test needs at most two TOTP codes');
      }
      lastStep = step;
      return totp.generate({ timestamp: step * PERIOD_MS });
    },
  };
}
