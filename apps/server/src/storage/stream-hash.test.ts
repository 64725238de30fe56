import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { StreamHash } from './stream-hash';

describe('StreamHash', () => {
  it('gives the SHA-256 of the bytes however they are cut, for several streams at once', async () => {
    const data = [randomBytes(5 * 1024 * 1024 + 123), randomBytes(70_001), Buffer.alloc(0)];
    const results = await Promise.all(
      data.map(async (bytes, i) => {
        const hash = new StreamHash();
        const size = [65_536, 7, 1][i]!;
        for (let at = 0; at < bytes.length; at += size) await hash.update(bytes.subarray(at, at + size));
        return hash.digest();
      }),
    );
    expect(results).toEqual(data.map((bytes) => createHash('sha256').update(bytes).digest('hex')));
  });

  it('makes the caller wait when the hash falls far behind, and forgets a dropped stream', async () => {
    const hash = new StreamHash();
    let waits = 0;
    const chunk = randomBytes(1024 * 1024);
    for (let i = 0; i < 64; i++) {
      const wait = hash.update(chunk);
      if (wait) {
        waits++;
        await wait;
      }
    }
    expect(waits).toBeGreaterThan(0);
    hash.drop();
  });
});
