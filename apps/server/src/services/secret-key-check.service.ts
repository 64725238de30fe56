import { timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Config } from '../config/env';
import type { DB } from '../db/database';
import { findKeyCheckValue, keepKeyCheckValue } from '../repositories/secret-key-check.repository';
import { openSecretBox, type SecretBox } from './secret-box.service';

/** What is MACed: a fixed label, so the stored value tells whether a key is the same and nothing else. */
const LABEL = 'fanout secret key check v1';

/**
 * The secret box of this process, once its key is known to be the one the database was first started with.
 * The first start (or the first after the upgrade that brought the check) stores the key's check value;
 * every start after it compares. A process with another key would seal secrets (platform tokens, two-factor
 * seeds) that the other processes cannot open and fail to open theirs, much later and far from the cause,
 * so it stops at start-up instead, naming SECRET_KEY (exit 78).
 */
export async function openCheckedSecretBox(
  config: Pick<Config, 'secretKey' | 'secretKeyFile'>,
  db: DB,
  log: FastifyBaseLogger,
): Promise<SecretBox> {
  const stored = await findKeyCheckValue(db);
  const box = openSecretBox(config, log, { mayCreateKeyFile: stored === undefined });
  const mine = box.mac('secret-key-check', LABEL);
  const kept = stored ?? (await keepKeyCheckValue(db, mine));
  if (!sameValue(kept, mine)) throw new ConfigError(`Invalid configuration:\n  SECRET_KEY: ${mismatch(config)}`);
  return box;
}

function sameValue(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}

function mismatch(config: Pick<Config, 'secretKey' | 'secretKeyFile'>): string {
  const which = config.secretKey
    ? 'is not the key'
    : `is not set, and the key file ${config.secretKeyFile} used instead is not the key`;
  return (
    `${which} this database was first started with, so this process could not open the secrets the others ` +
    'sealed: give every process that shares the database the same SECRET_KEY, the one it was started with'
  );
}
