import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../test/test-server';
import { FileHash } from './stream-hash';
import { TempFileWriter } from './temp-file';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const hashWrittenFile = (file: string, bytes: number) => new FileHash(file).digest(bytes);

describe('hashing a file as it is written', () => {
  const dir = makeTempDir('fanout-hash-');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('gives the SHA-256 of the bytes however they are cut, for several files at once', async () => {
    const data = [randomBytes(5 * 1024 * 1024 + 123), randomBytes(70_001), Buffer.alloc(0)];
    const results = await Promise.all(
      data.map(async (bytes, i) => {
        const writer = new TempFileWriter(path.join(dir, `f${i}`), bytes.length);
        const size = [65_536, 7, 1][i]!;
        for (let at = 0; at < bytes.length; at += size) await writer.write(bytes.subarray(at, at + size));
        return (await writer.finish()).sha256;
      }),
    );
    expect(results).toEqual(data.map(sha256));
  });

  it('reads back only what was written: bytes told of late are hashed all the same', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 5);
    const file = path.join(dir, 'late');
    const hash = new FileHash(file);
    fs.writeFileSync(file, bytes.subarray(0, 2 * 1024 * 1024));
    hash.written(2 * 1024 * 1024);
    fs.appendFileSync(file, bytes.subarray(2 * 1024 * 1024));
    expect(await hash.digest(bytes.length)).toBe(sha256(bytes));
    expect(await hashWrittenFile(file, bytes.length)).toBe(sha256(bytes));
  });

  it('answers null for a file shorter than it was said to be, and forgets a dropped one', async () => {
    const file = path.join(dir, 'short');
    fs.writeFileSync(file, randomBytes(1000));
    expect(await hashWrittenFile(file, 2000)).toBeNull();
    const dropped = new FileHash(path.join(dir, 'dropped'));
    fs.writeFileSync(path.join(dir, 'dropped'), randomBytes(2 * 1024 * 1024));
    dropped.written(2 * 1024 * 1024);
    dropped.drop();
    // The thread goes on with the next file.
    expect(await hashWrittenFile(file, 1000)).toBe(sha256(fs.readFileSync(file)));
  });
});
