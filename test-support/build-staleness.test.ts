import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staleReason } from '../scripts/build-staleness.mjs';

/** A build as scripts/build-staleness.mjs describes one, on a temp tree instead of the repository. */
const build = { name: 'web app', workspace: 'w', output: 'dist/index.html', sources: ['src', 'package.json'] };

describe('npm start rebuilds what is older than its sources', () => {
  let root: string;
  const write = (file: string, minutesAgo: number) => {
    const full = path.join(root, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, file);
    const at = new Date(Date.now() - minutesAgo * 60_000);
    fs.utimesSync(full, at, at);
  };
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-staleness-'));
    write('src/main.tsx', 30);
    write('src/features/a/Screen.tsx', 25);
    write('package.json', 40);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('builds when there is no build yet', () => {
    expect(staleReason(root, build)).toBe('no build yet (dist/index.html is missing)');
  });

  it('keeps a build that is newer than every source', () => {
    write('dist/index.html', 10);
    expect(staleReason(root, build)).toBeUndefined();
  });

  it('rebuilds when a source deep in a folder changed after the build, and names it', () => {
    write('dist/index.html', 10);
    write('src/features/a/Screen.tsx', 1);
    expect(staleReason(root, build)).toBe(
      `${path.join('src', 'features', 'a', 'Screen.tsx')} is newer than dist/index.html`,
    );
  });

  it('rebuilds when a listed file (package.json, the lockfile) changed after the build', () => {
    write('dist/index.html', 10);
    write('package.json', 1);
    expect(staleReason(root, build)).toBe('package.json is newer than dist/index.html');
  });

  it('ignores tests, node_modules and sources that do not exist', () => {
    write('dist/index.html', 10);
    write('src/features/a/Screen.test.tsx', 1);
    write('src/node_modules/x/index.js', 1);
    expect(staleReason(root, { ...build, sources: [...build.sources, 'vite.config.ts'] })).toBeUndefined();
  });
});
