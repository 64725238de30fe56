#!/usr/bin/env node
// The built command (npm run build); in a checkout that has not been built, the sources through tsx.
import fs from 'node:fs';

const built = new URL('../dist/fanout.js', import.meta.url);
if (fs.existsSync(built)) await import(built.href);
else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
