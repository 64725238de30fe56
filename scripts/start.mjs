// `npm start`: builds the web app and the server when there is no build yet or their sources changed after it
// (a `git pull`, an edit), then runs the server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { builds, staleReason } from './build-staleness.mjs';

const root = path.resolve(import.meta.dirname, '..');
const serverMain = path.join(root, 'apps/server/dist/main.js');

for (const build of builds) {
  const reason = staleReason(root, build);
  if (!reason) continue;
  console.log(`Building the ${build.name}: ${reason}`);
  const res = spawnSync('npm', ['run', 'build', '-w', build.workspace], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
await import(serverMain);
