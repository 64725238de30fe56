import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { postRequest } from '../src/cli/commands/post';
import { EXIT, exitCodeFor } from '../src/cli/exit-codes';
import { parseLocalTime, parseOptions, parseTargets } from '../src/cli/post-args';
import { run } from '../src/cli/run';

/** The command line run in-process with its own streams and an empty home: the exit code and what it wrote. */
async function cli(...argv: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  stderr.on('data', (c: Buffer) => (err += c.toString()));
  const code = await run(argv, {
    env: { HOME: '/nonexistent-fanout-home' },
    stdin: new PassThrough(),
    stdout,
    stderr,
    signal: new AbortController().signal,
  });
  return { code, out, err };
}

describe('fanout post arguments', () => {
  it('reads --to as platforms, each with an optional account (the @ optional)', () => {
    expect(parseTargets('tiktok:@handle,youtube')).toEqual([
      { platform: 'tiktok', account: 'handle' },
      { platform: 'youtube' },
    ]);
    expect(parseTargets(' x:someone , reddit ')).toEqual([
      { platform: 'x', account: 'someone' },
      { platform: 'reddit' },
    ]);
  });

  it('reads --option per platform, typing true/false and numbers', () => {
    expect(
      parseOptions(
        ['tiktok.privacyLevel=SELF_ONLY', 'tiktok.disableComment=true', 'youtube.categoryId=22'],
        ['tiktok', 'youtube'],
      ),
    ).toEqual({ tiktok: { privacyLevel: 'SELF_ONLY', disableComment: true }, youtube: { categoryId: 22 } });
  });

  it('sends --at as scheduledLocal, the wall-clock time as the API takes it', () => {
    expect(parseLocalTime('2026-12-01 09:00')).toBe('2026-12-01T09:00');
    expect(parseLocalTime('2026-12-01T9:05')).toBe('2026-12-01T09:05');
    expect(postRequest({ to: 'youtube', at: '2026-12-01 09:00' }).when).toEqual({ scheduledLocal: '2026-12-01T09:00' });
    expect(postRequest({ to: 'youtube', queue: true }).when).toEqual({ queue: true });
    expect(postRequest({ to: 'youtube' }).when).toEqual({});
  });

  it.each([
    [['post', '7', '--to', 'tiktok:'], 'names no account'],
    [['post', '7', '--to', 'tiktok', '--option', 'youtube.x=1'], 'which --to does not name'],
    [['post', '7', '--to', 'tiktok', '--option', 'privacyLevel'], 'is not platform.name=value'],
    [['post', '7', '--to', 'tiktok', '--at', 'tomorrow'], 'is not a local date and time'],
    [['post', '7', '--to', 'tiktok', '--at', '2026-12-01 09:00', '--queue'], 'not both'],
    [['post', '7'], 'Say where with --to'],
    [['post', 'abc', '--to', 'tiktok'], 'positive whole number'],
    [['posts', '--bogus'], "Unknown option '--bogus'"],
    [['upload', '--project', '1'], 'Name at least one file'],
    [['upload', '/no/such/file.mp4'], 'No such file'],
    [['retry'], 'Name one post'],
    [['frobnicate'], 'Unknown command'],
  ])('%j is a usage error (exit 2) that says what is wrong', async (argv, words) => {
    const { code, err } = await cli(...argv);
    expect(code).toBe(EXIT.usage);
    expect(err).toContain(words);
  });

  it('without a login exits 3 and says how to log in; --json gives the error as JSON', async () => {
    const { code, out, err } = await cli('posts', '--json');
    expect(code).toBe(EXIT.auth);
    expect(err).toContain('fanout login');
    expect(JSON.parse(out)).toMatchObject({ code: 'not_logged_in', exitCode: 3 });
  });
});

describe('exit codes of API answers', () => {
  it.each([
    [401, 'unauthorized', false, EXIT.auth],
    [403, 'api_token_scope', false, EXIT.auth],
    [400, 'validation_failed', true, EXIT.refused],
    [409, 'connection_required', false, EXIT.refused],
    [422, 'not_a_video', false, EXIT.refused],
    [413, 'quota_exceeded', false, EXIT.refused],
    [400, 'validation_failed', false, EXIT.usage],
    [404, 'not_found', false, EXIT.usage],
    [500, 'internal', false, EXIT.server],
    [503, 'shutting_down', false, EXIT.server],
    [0, 'unreachable', false, EXIT.server],
  ])('%i %s (violations: %s) exits %i', (status, code, violations, exit) => {
    expect(exitCodeFor(status, code, violations)).toBe(exit);
  });
});
