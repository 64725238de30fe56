// `npm start`: builds the web app and the server when no build exists yet, then runs the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webIndex = path.join(root, 'apps/web/dist/index.html');
const serverMain = path.join(root, 'apps/server/dist/main.js');

function run(args) {
  const res = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

if (!fs.existsSync(webIndex)) run(['run', 'build', '-w', '@fanout/web']);
if (!fs.existsSync(serverMain)) run(['run', 'build', '-w', '@fanout/server']);

process.env.NODE_ENV ??= 'production';
await import(serverMain);
