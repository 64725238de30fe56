import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { badRequest } from '../http/errors';

/** Algorithm.Argon2id; the enum is declared `const`, which isolated modules cannot read at run time. */
const ARGON2ID = 2 as Algorithm;
/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown account, or one that signs in another way)
 * it still spends the time of a real check, so the answer time does not tell whether an account exists.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password-just-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** Passwords that are long enough but appear near the top of every leaked-password list. */
const COMMON_PASSWORDS = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456789012345',
  '1234567890qwerty',
  '000000000000',
  '111111111111',
  '123123123123',
  '121212121212',
  'password1234',
  'password12345',
  'password123456',
  'password123!',
  'passwordpassword',
  'p@ssw0rd1234',
  'passw0rd1234',
  'qwertyuiop12',
  'qwertyuiopas',
  'qwertyuiop123',
  'qwerty123456',
  'qwertyqwerty',
  '123456qwerty',
  '1q2w3e4r5t6y',
  '1qaz2wsx3edc',
  'qazwsxedcrfv',
  'zaq12wsxcde3',
  'asdfghjkl123',
  'asdfasdfasdf',
  'abcdefghijkl',
  'abc123abc123',
  'iloveyou1234',
  'letmein12345',
  'welcome12345',
  'changeme1234',
  'administrator',
  'football1234',
  'baseball1234',
  'sunshine1234',
  'princess1234',
  'superman1234',
  'monkey123456',
  'dragon123456',
  'trustno1trustno1',
  'masterkey123',
]);

const MIN_DISTINCT_CHARACTERS = 5;
/** Shorter identifiers would forbid too many ordinary passwords if we refused any that contain them. */
const MIN_PART_LENGTH_FOR_CONTAINS = 4;

/**
 * Rules on top of the length limits in the contract. Throws a 400 `weak_password` that says what to change.
 */
export function assertStrongPassword(password: string, identity: { username: string; email: string }): void {
  const lower = password.toLowerCase();
  const parts = [
    { value: identity.username.toLowerCase(), name: 'username' },
    { value: identity.email.toLowerCase().split('@')[0] ?? '', name: 'e-mail address' },
  ];
  for (const part of parts) {
    if (!part.value) continue;
    if (lower === part.value || (part.value.length >= MIN_PART_LENGTH_FOR_CONTAINS && lower.includes(part.value))) {
      throw weak(`Password must not contain your ${part.name}`);
    }
  }
  if (COMMON_PASSWORDS.has(lower)) {
    throw weak('This password is too common. Choose one that is harder to guess');
  }
  if (new Set(password).size < MIN_DISTINCT_CHARACTERS) {
    throw weak(`Password must use at least ${MIN_DISTINCT_CHARACTERS} different characters`);
  }
}

const weak = (message: string) => badRequest(message, 'weak_password');
