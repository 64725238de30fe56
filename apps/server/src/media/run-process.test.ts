import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { runProcess } from './run-process';

/** The shell waits until its own nice value (field 19 of /proc/<pid>/stat) is 10, then says so. */
const waitForNiceTen = ['-c', 'while [ "$(cut -d" " -f19 /proc/$$/stat)" != 10 ]; do :; done; echo lowered'];

describe.skipIf(process.platform !== 'linux')('runProcess', () => {
  it('runs background work (a render) at a lower CPU priority, so requests a person waits on go first', async () => {
    const result = await runProcess('sh', waitForNiceTen, { timeoutMs: 10_000, background: true });
    expect(result.stdout.trim()).toBe('lowered');
  });

  it('leaves other work at the usual priority', async () => {
    const result = await runProcess('sh', ['-c', 'cut -d" " -f19 /proc/$$/stat'], { timeoutMs: 10_000 });
    expect(result.stdout.trim()).toBe(String(os.getPriority()));
  });
});
