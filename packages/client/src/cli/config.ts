import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Connection } from '../api/client';
import { CliError, EXIT } from './exit-codes';

/** ~/.config/fanout (or $XDG_CONFIG_HOME/fanout): the login and the unfinished uploads' addresses. */
export function configDir(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME || path.join(env.HOME || os.homedir(), '.config');
  return path.join(base, 'fanout');
}

export const configFile = (env: NodeJS.ProcessEnv) => path.join(configDir(env), 'config.json');
export const uploadsFile = (env: NodeJS.ProcessEnv) => path.join(configDir(env), 'uploads.json');

/** Stored readable by its owner only (0600): it holds a token that acts as them. */
export function saveLogin(env: NodeJS.ProcessEnv, login: Connection) {
  const file = configFile(env);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, JSON.stringify(login, null, 2) + '\n', { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

function storedLogin(env: NodeJS.ProcessEnv): Partial<Connection> {
  try {
    return JSON.parse(fs.readFileSync(configFile(env), 'utf8')) as Partial<Connection>;
  } catch {
    return {};
  }
}

/** The server and token to use: FANOUT_URL / FANOUT_TOKEN over the stored login. */
export function resolveLogin(env: NodeJS.ProcessEnv): Connection {
  const stored = storedLogin(env);
  const url = env.FANOUT_URL || stored.url;
  const token = env.FANOUT_TOKEN || stored.token;
  if (!url || !token)
    throw new CliError(
      'Not logged in: run `fanout login` (or set FANOUT_URL and FANOUT_TOKEN).',
      EXIT.auth,
      'not_logged_in',
    );
  return { url, token };
}
