import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Config } from '../config/env';

/**
 * Encrypts secrets kept in the database (TOTP seeds) and keys the hashes of lookup secrets (backup codes),
 * so that a copy of the database alone reveals neither.
 */
export interface SecretBox {
  /** AES-256-GCM; `context` (e.g. the owner's id) must be the same to decrypt, so rows cannot be swapped. */
  encrypt(plain: string, context: string): string;
  decrypt(sealed: string, context: string): string;
  /** HMAC-SHA256 under a key of its own per purpose, hex. */
  mac(purpose: string, value: string): string;
}

const VERSION = 'v1';

/** How to make a key, in every message that asks for one. */
export const MAKE_A_KEY = '`openssl rand -base64 48`';

/**
 * `mayCreateKeyFile` false: without SECRET_KEY, a missing key file is a configuration error rather than the
 * first start (the database says it was started with a key before).
 */
export function openSecretBox(
  config: Pick<Config, 'secretKey' | 'secretKeyFile'>,
  log: FastifyBaseLogger,
  { mayCreateKeyFile = true } = {},
): SecretBox {
  const master = config.secretKey
    ? Buffer.from(config.secretKey, 'utf8')
    : readOrCreateKeyFile(config.secretKeyFile, log, mayCreateKeyFile);
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', master, 'fanout', info, 32));
  const encryptionKey = derive('secret-box/encryption/v1');
  const macKeys = new Map<string, Buffer>();

  return {
    encrypt(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, body, cipher.getAuthTag()]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join(':');
    },
    decrypt(sealed, context) {
      const [version, iv, body, tag] = sealed.split(':');
      if (version !== VERSION || !iv || !body || !tag) throw new Error('Unknown secret format');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    mac(purpose, value) {
      let key = macKeys.get(purpose);
      if (!key) macKeys.set(purpose, (key = derive(`secret-box/mac/${purpose}`)));
      return createHmac('sha256', key).update(value).digest('hex');
    },
  };
}

/** Without SECRET_KEY, a random key is kept beside the data, created on first start. */
function readOrCreateKeyFile(file: string, log: FastifyBaseLogger, mayCreate: boolean): Buffer {
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (!mayCreate) {
    throw new ConfigError(
      'Invalid configuration:\n' +
        `  SECRET_KEY: is not set and the key file ${file} is missing, but this database was first started ` +
        'with a key: give this process that key as SECRET_KEY (every process sharing a database needs the same ' +
        'one), or put back the key file the database was started with',
    );
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
    log.warn(
      { file },
      'SECRET_KEY is not set: created a new secret key file. Back it up with the database (two-factor secrets ' +
        'cannot be read without it), and set SECRET_KEY when several server processes share one database ' +
        `(make one with ${MAKE_A_KEY}).`,
    );
  } catch (err) {
    // Another process created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
}
