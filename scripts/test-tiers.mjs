#!/usr/bin/env node
/**
 * `npm test`'s last step: every vitest tier. The browser tier (e2e) runs its files one at a time (one browser and
 * one built server each), so in one vitest run the second core idled for its whole length, about a quarter of the
 * run. Here it runs in a vitest process of its own beside the other tiers, whose output streams as it comes; the
 * browser tier's is printed after. Each process ends with its tiers' times and its own passed/failed line.
 *
 * With arguments (`npm test -- <file or flag>…`) it is a plain `vitest run` with them.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const vitest = path.join('node_modules', 'vitest', 'vitest.mjs');

/** Runs vitest with `args`; resolves with its exit code. `logFile`: its output goes there instead of the terminal. */
function run(args, logFile) {
  return new Promise((resolve) => {
    const out = logFile ? fs.openSync(logFile, 'w') : 'inherit';
    const child = spawn(process.execPath, [vitest, 'run', ...args], { stdio: ['ignore', out, out] });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const extra = process.argv.slice(2);
if (extra.length) process.exit(await run(extra));

const started = Date.now();
const browserLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-e2e-log-')), 'e2e.log');
let browserSeconds = 0;
const browser = run(['--project', 'e2e'], browserLog).then((code) => {
  browserSeconds = (Date.now() - started) / 1000;
  return code;
});
const rest = run(['--project', '!e2e']);
const [browserCode, restCode] = await Promise.all([browser, rest]);
console.log(`\n==== browser tier (e2e), run beside the others, ended after ${browserSeconds.toFixed(0)} s ====`);
process.stdout.write(fs.readFileSync(browserLog));

console.log(`\nall tiers: wall ${((Date.now() - started) / 1000).toFixed(1)} s, the browser tier beside the others`);
console.log(`vitest exit codes: other tiers ${restCode}, browser tier ${browserCode}`);
fs.rmSync(path.dirname(browserLog), { recursive: true, force: true });
process.exit(restCode || browserCode);
