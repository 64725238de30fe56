import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/server/test/free-port';

export { freePort };

/** A throw-away PostgreSQL cluster from the Debian server binaries, in a temp dir. */
export interface PostgresCluster {
  url: string;
  stop(): void;
}

export function findPostgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb'))) return bin;
  }
  throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql: apt-get install -y postgresql');
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  // initdb refuses to run as root: run the server as the postgres system user then.
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const argv = asRoot ? ['-u', 'postgres', '--', path.join(bin, cmd), ...args] : args;
    const res = spawnSync(asRoot ? 'runuser' : path.join(bin, cmd), argv, { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${cmd} failed: ${res.stderr || res.stdout}`);
  };
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200`;
  run('pg_ctl', ['-D', dataDir, '-o', opts, '-w', '-l', path.join(dir, 'log'), 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
