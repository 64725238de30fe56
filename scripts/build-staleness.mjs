// Which builds `npm start` must make before it runs the server: none yet, or sources newer than the build.
import fs from 'node:fs';
import path from 'node:path';

const shared = ['packages/contracts/src', 'package.json', 'package-lock.json'];

/** Each build, the file it ends in, and what it is made from (files, or folders searched through). */
export const builds = [
  {
    name: 'web app',
    workspace: '@fanout/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/prerender-plugin.ts',
      'apps/web/package.json',
      ...shared,
    ],
  },
  {
    name: 'server',
    workspace: '@fanout/server',
    output: 'apps/server/dist/main.js',
    sources: [
      'apps/server/src',
      'apps/server/build.mjs',
      'apps/server/package.json',
      'apps/platform-emulator/src',
      'apps/platform-emulator/package.json',
      ...shared,
    ],
  },
];

/** Tests are not built into either output: editing one needs no rebuild. */
const notBuilt = /\.test\.[cm]?[jt]sx?$/;

/** The most recently modified file under `paths` (relative to `root`), or undefined when there is none. */
export function newestFile(root, paths) {
  let newest;
  const visit = (file) => {
    let stat;
    try {
      stat = fs.statSync(file);
    } catch {
      return; // a source that does not exist (yet) builds nothing
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(file)) {
        if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(file, entry));
      }
    } else if (!notBuilt.test(file) && (!newest || stat.mtimeMs > newest.mtimeMs)) {
      newest = { file: path.relative(root, file), mtimeMs: stat.mtimeMs };
    }
  };
  for (const p of paths) visit(path.join(root, p));
  return newest;
}

/** Why `build` must be made again, or undefined when its output is newer than all it is made from. */
export function staleReason(root, build) {
  const output = path.join(root, build.output);
  if (!fs.existsSync(output)) return `no build yet (${build.output} is missing)`;
  const builtAt = fs.statSync(output).mtimeMs;
  const newest = newestFile(root, build.sources);
  if (newest && newest.mtimeMs > builtAt) return `${newest.file} is newer than ${build.output}`;
  return undefined;
}
