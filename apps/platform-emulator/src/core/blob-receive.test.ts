import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from './store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function store() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emu-blobs-'));
  dirs.push(dir);
  return new Store(dir);
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A body arriving in pieces of `piece` bytes; `failAfter`: the client goes away after that many bytes. */
async function* body(bytes: Buffer, piece = 1000, failAfter?: number) {
  for (let at = 0; at < bytes.length; at += piece) {
    if (failAfter !== undefined && at >= failAfter) throw new Error('client went away');
    yield bytes.subarray(at, at + piece);
  }
}

const held = (s: Store, id: string) => fs.readFileSync(s.blobPath(id));

describe('a body written into a blob as it arrives', () => {
  it('holds every byte, in parts, with the SHA-256 of the whole known without reading it back', async () => {
    const s = store();
    const video = randomBytes(25_000);
    expect(await s.receiveBlob('v', 0, body(video.subarray(0, 10_000)), { maxBytes: 10_000 })).toEqual({
      ok: true,
      bytes: 10_000,
      size: 10_000,
    });
    expect(await s.receiveBlob('v', 10_000, body(video.subarray(10_000)), { maxBytes: 20_000 })).toMatchObject({
      ok: true,
      size: 25_000,
    });
    expect(held(s, 'v').equals(video)).toBe(true);
    expect(s.blobSha256('v')).toBe(sha(video));
  });

  it('takes the last part sent again in its place, and any other rewrite, keeping the hash true', async () => {
    const s = store();
    const first = randomBytes(4000);
    await s.receiveBlob('v', 0, body(first), { maxBytes: 4000 });
    await s.receiveBlob('v', 4000, body(randomBytes(3000)), { maxBytes: 3000 });
    // The client lost the answer and sends the last part again (here with other bytes, to tell them apart).
    const again = randomBytes(3000);
    await s.receiveBlob('v', 4000, body(again), { maxBytes: 3000 });
    expect(s.blobSha256('v')).toBe(sha(Buffer.concat([first, again])));
    const middle = randomBytes(500);
    s.writeBlob('v', 1000, middle);
    const whole = Buffer.concat([first.subarray(0, 1000), middle, first.subarray(1500), again]);
    expect(held(s, 'v').equals(whole)).toBe(true);
    expect(s.blobSha256('v')).toBe(sha(whole));
  });

  it('refuses a body over its limit whole, reading it to its end, and leaves the blob as it was', async () => {
    const s = store();
    const before = randomBytes(5000);
    await s.receiveBlob('v', 0, body(before), { maxBytes: 5000 });
    expect(await s.receiveBlob('v', 5000, body(randomBytes(3000)), { maxBytes: 2000 })).toEqual({
      ok: false,
      bytes: 3000,
      reason: 'too_large',
    });
    expect(await s.receiveBlob('v', 2000, body(randomBytes(4000)), { maxBytes: 2000 })).toMatchObject({
      ok: false,
      reason: 'too_large',
    });
    expect(held(s, 'v').equals(before)).toBe(true);
    expect(s.blobSha256('v')).toBe(sha(before));
  });

  it('leaves the blob as it was when the client goes away midway, over new bytes or over bytes it held', async () => {
    const s = store();
    const before = randomBytes(5000);
    await s.receiveBlob('v', 0, body(before), { maxBytes: 5000 });
    const appending = await s.receiveBlob('v', 5000, body(randomBytes(4000), 1000, 2000), { maxBytes: 4000 });
    expect(appending).toMatchObject({ ok: false, reason: 'aborted' });
    const rewriting = await s.receiveBlob('v', 1000, body(randomBytes(4000), 1000, 2000), { maxBytes: 4000 });
    expect(rewriting).toMatchObject({ ok: false, reason: 'aborted' });
    expect(held(s, 'v').equals(before)).toBe(true);
    expect(fs.readdirSync(s.blobDir)).toEqual(['v']);

    expect((await s.receiveBlob('new', 0, body(randomBytes(4000), 1000, 1000), { maxBytes: 4000 })).ok).toBe(false);
    expect(fs.existsSync(s.blobPath('new'))).toBe(false);
  });

  it('takes two bodies into one blob one after the other', async () => {
    const s = store();
    const a = Buffer.alloc(30_000, 1);
    const b = Buffer.alloc(30_000, 2);
    const both = await Promise.all([
      s.receiveBlob('v', 0, body(a, 100), { maxBytes: 30_000 }),
      s.receiveBlob('v', 0, body(b, 100), { maxBytes: 30_000 }),
    ]);
    expect(both.map((r) => r.ok)).toEqual([true, true]);
    expect(held(s, 'v').equals(b)).toBe(true);
    expect(s.blobSha256('v')).toBe(sha(b));
  });

  it('reads the hash back from the file when it was not kept (a restart)', async () => {
    const s = store();
    const video = randomBytes(3 * 1024 * 1024 + 7);
    await s.receiveBlob('v', 0, body(video, 64 * 1024), { maxBytes: video.length });
    expect(new Store(s.dir).blobSha256('v')).toBe(sha(video));
    expect(s.blobSha256('none')).toBe(sha(Buffer.alloc(0)));
  });
});
