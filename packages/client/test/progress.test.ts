import { PassThrough } from 'node:stream';
import { expect, it } from 'vitest';
import { makeCtx } from '../src/cli/context';
import { progressReporter } from '../src/cli/progress';

function reporterOn(isTTY: boolean) {
  const stderr = Object.assign(new PassThrough(), { isTTY, columns: 80 });
  let written = '';
  stderr.on('data', (c: Buffer) => (written += c.toString()));
  const ctx = makeCtx(
    { env: {}, stdin: new PassThrough(), stdout: new PassThrough(), stderr, signal: new AbortController().signal },
    false,
  );
  const progress = progressReporter(ctx, 'launch.mp4');
  progress.update(0, 4096);
  progress.update(1024, 4096);
  progress.update(4096, 4096);
  progress.end();
  return written;
}

it('upload progress: a bar redrawn in place on a terminal', () => {
  const written = reporterOn(true);
  expect(written.split('\r').filter(Boolean)).toHaveLength(3);
  expect(written).toMatch(/\rlaunch\.mp4 \[#+-+\] 25% /);
  expect(written).toMatch(/\rlaunch\.mp4 \[#+\] 100% .*\n$/);
});

it('upload progress: plain lines when stderr is not a terminal (a log, a pipe)', () => {
  expect(reporterOn(false).split('\n')).toEqual([
    'launch.mp4: 0 of 4096 bytes (0%)',
    'launch.mp4: 1024 of 4096 bytes (25%)',
    'launch.mp4: 4096 of 4096 bytes (100%)',
    '',
  ]);
});
