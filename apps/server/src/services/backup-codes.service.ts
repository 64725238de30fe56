import { randomBytes, randomInt } from 'node:crypto';
import { BACKUP_CODE_COUNT } from '@fanout/contracts';
import type { SecretBox } from './secret-box.service';

/** No 0/o, 1/l/i: codes get copied from paper. 31 symbols × 10 ≈ 50 bits each. */
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
const LENGTH = 10;

export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Case, spaces and dashes do not matter. */
export function normalizeBackupCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, '');
}

export function isBackupCodeShape(input: string): boolean {
  const code = normalizeBackupCode(input);
  return code.length === LENGTH && [...code].every((c) => ALPHABET.includes(c));
}

export function newBackupCodeSalt(): string {
  return randomBytes(16).toString('hex');
}

/** Keyed and salted per code set: the stored hashes are useless without the server's secret key. */
export function hashBackupCode(box: SecretBox, salt: string, code: string): string {
  return box.mac('backup-code', `${salt}:${normalizeBackupCode(code)}`);
}
