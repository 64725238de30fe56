import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A new dir under the system temp dir, for one test file's scratch files. */
export function makeTempDir(prefix = 'fanout-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
