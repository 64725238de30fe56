import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HASH_CHUNK_BYTES, sha256OfFile } from './sha256-file';

describe('sha256OfFile', () => {
  it('hashes a file piece by piece to the digest of its whole content, reporting each piece read', async () => {
    const bytes = new Uint8Array(2 * HASH_CHUNK_BYTES + 5);
    for (let i = 0; i < bytes.length; i += 997) bytes[i] = i % 251;
    const seen: number[] = [];
    const hex = await sha256OfFile(new Blob([bytes]), (done) => seen.push(done));
    expect(hex).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(seen).toEqual([HASH_CHUNK_BYTES, 2 * HASH_CHUNK_BYTES, bytes.length]);
    expect(await sha256OfFile(new Blob([]))).toBe(createHash('sha256').digest('hex'));
  });

  it('stops when asked', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(sha256OfFile(new Blob(['abc']), undefined, controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
