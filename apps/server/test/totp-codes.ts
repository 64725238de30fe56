import { Secret, TOTP } from 'otpauth';

const PERIOD_MS = 30_000;

/** The TOTP time step of now, as an authenticator app on a correct clock sees it. */
export const currentStep = () => Math.floor(Date.now() / PERIOD_MS);

/** The 6-digit code an authenticator app shows during `step`. */
export function codeForStep(secretBase32: string, step: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secretBase32), timestamp: step * PERIOD_MS });
}
