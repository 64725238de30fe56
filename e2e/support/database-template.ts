import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PREFIX = 'fanout-e2e-db-';
/** How long another build's template stays after its last use. */
const UNUSED_FOR_MS = 6 * 60 * 60 * 1000;

/**
 * A migrated, empty embedded database, made once per server build and copied into every test file's fresh
 * data dir: creating a PGlite cluster is most of a server's start-up time. `make` runs the real server on
 * an empty data dir and stops it cleanly; the database it leaves behind becomes the template.
 */
export async function databaseTemplate(bundle: string, make: (dataDir: string) => Promise<void>): Promise<string> {
  const key = createHash('sha256').update(fs.readFileSync(bundle)).digest('hex').slice(0, 16);
  const template = path.join(os.tmpdir(), `${PREFIX}${key}`);
  if (fs.existsSync(template)) {
    // Marked as in use, so that another checkout's run on this machine leaves it alone (below).
    const now = new Date();
    fs.utimesSync(template, now, now);
    return template;
  }

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-e2e-template-'));
  try {
    await make(work);
    try {
      fs.renameSync(path.join(work, 'db'), template);
    } catch (err) {
      // Another run made the same template meanwhile: theirs is as good as ours.
      if (!fs.existsSync(template)) throw err;
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  // Templates of older builds go, once no run has used them for a while: a run of another checkout on the
  // same machine may be copying its own template at this very moment.
  for (const name of fs.readdirSync(os.tmpdir())) {
    const other = path.join(os.tmpdir(), name);
    if (!name.startsWith(PREFIX) || name === path.basename(template)) continue;
    const idle = Date.now() - (fs.statSync(other, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (idle > UNUSED_FOR_MS) fs.rmSync(other, { recursive: true, force: true });
  }
  return template;
}
