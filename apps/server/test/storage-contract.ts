import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../src/storage/storage';
import { makeTempDir } from './temp-dir';

/** One storage backend as the shared suite needs it. */
export interface StorageUnderTest {
  storage: Storage;
  /** Leaves what a put cut short by a crash leaves in this backend, for `key`. */
  leaveInterruptedPut(key: string): Promise<void>;
  /** Writes a file under a name the server never generates (something else sharing the dir or bucket). */
  writeForeignFile(name: string, body: string): Promise<void>;
  close(): Promise<void>;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const keyOf = (n: number, ext = 'mp4') => `${randomBytes(16).toString('hex')}${n}.${ext}`;

/**
 * What every Storage backend must do the same way, run against each (local-storage.test.ts,
 * s3-storage.test.ts). `open` gets a scratch dir for temp files.
 */
export function storageContract(name: string, open: (tmpDir: string) => Promise<StorageUnderTest>) {
  describe(`${name} storage`, () => {
    let dir: string;
    let under: StorageUnderTest;
    let storage: Storage;
    let n = 0;

    const tempFile = (body: Buffer | string) => {
      const file = path.join(dir, `upload-${n++}.tmp`);
      fs.writeFileSync(file, body);
      return file;
    };

    beforeAll(async () => {
      dir = makeTempDir('fanout-storage-test-');
      under = await open(dir);
      storage = under.storage;
      await storage.open();
    });
    afterAll(async () => {
      await under?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('is reachable once open', async () => {
      await expect(storage.check()).resolves.toBeUndefined();
    });

    it('moves a temp file in, reads it whole and by range, and removes it', async () => {
      const key = keyOf(n++);
      const temp = tempFile('0123456789');
      const info = await storage.putFile(key, temp);
      expect(info.size).toBe(10);
      expect(fs.existsSync(temp)).toBe(false);

      expect(await text(storage.createReadStream(key))).toBe('0123456789');
      expect(await text(storage.createReadStream(key, { start: 2, end: 4 }))).toBe('234');
      expect(await text(storage.createReadStream(key, { start: 9, end: 9 }))).toBe('9');
      const stat = await storage.stat(key);
      expect(stat?.size).toBe(10);
      expect(Math.abs((stat?.modifiedAt.getTime() ?? 0) - Date.now())).toBeLessThan(10 * 60_000);
      expect(await storage.withLocalFile(key, async (p) => fs.readFileSync(p, 'utf8'))).toBe('0123456789');

      await storage.remove(key);
      expect(await storage.stat(key)).toBeNull();
      await expect(storage.remove(key)).resolves.toBeUndefined();
    });

    it('stores a file of 20 MB and more whole, and reads any range of it, across part boundaries', async () => {
      const key = keyOf(n++);
      const body = randomBytes(21 * 1024 * 1024 + 123);
      const info = await storage.putFile(key, tempFile(body));
      expect(info.size).toBe(body.length);
      expect(sha256(await buffer(storage.createReadStream(key)))).toBe(sha256(body));
      const around16MiB = { start: 16 * 1024 * 1024 - 5, end: 16 * 1024 * 1024 + 4 };
      expect(await buffer(storage.createReadStream(key, around16MiB))).toEqual(
        body.subarray(around16MiB.start, around16MiB.end + 1),
      );
      const tail = { start: body.length - 1000, end: body.length - 1 };
      expect(await buffer(storage.createReadStream(key, tail))).toEqual(body.subarray(tail.start));
      const copied = await storage.withLocalFile(key, async (p) => {
        expect(fs.existsSync(p)).toBe(true);
        return { path: p, hash: sha256(fs.readFileSync(p)) };
      });
      expect(copied.hash).toBe(sha256(body));
      await storage.remove(key);
    });

    it('answers a missing file: no stat, a read that fails, a remove that succeeds', async () => {
      const key = keyOf(n++);
      expect(await storage.stat(key)).toBeNull();
      await expect(text(storage.createReadStream(key))).rejects.toThrow();
      await expect(text(storage.createReadStream(key, { start: 0, end: 1 }))).rejects.toThrow();
      await expect(storage.withLocalFile(key, async () => 'read')).rejects.toThrow();
      await expect(storage.remove(key)).resolves.toBeUndefined();
    });

    it('lists every stored file, and only names the server generates', async () => {
      const keys = [keyOf(n++), keyOf(n++, 'jpg')];
      for (const key of keys) await storage.putFile(key, tempFile(key));
      await under.writeForeignFile('notes.txt', 'not media');
      // A resumable upload's bookkeeping shares the bucket: its objects are never media to sweep.
      await under.writeForeignFile('0123456789abcdef0123456789abcdef.info', '{}');
      await under.writeForeignFile('0123456789abcdef0123456789abcdef.part', 'bytes');
      const listed = [];
      for await (const entry of storage.list()) listed.push(entry);
      expect(listed.map((e) => e.key).sort()).toEqual([...keys].sort());
      for (const entry of listed) expect(entry.modifiedAt).toBeInstanceOf(Date);
      for (const key of keys) await storage.remove(key);
    });

    it('removes what interrupted puts left behind only when older than asked, and never a stored file', async () => {
      const stored = keyOf(n++);
      await storage.putFile(stored, tempFile('kept'));
      await under.leaveInterruptedPut(keyOf(n++));

      expect(await storage.removeLeftovers(new Date(Date.now() - 60 * 60_000))).toBe(0);
      expect(await storage.removeLeftovers(new Date(Date.now() + 60 * 60_000))).toBe(1);
      expect(await storage.removeLeftovers(new Date(Date.now() + 60 * 60_000))).toBe(0);
      expect(await text(storage.createReadStream(stored))).toBe('kept');
      const listed = [];
      for await (const entry of storage.list()) listed.push(entry.key);
      expect(listed).toEqual([stored]);
      await storage.remove(stored);
    });

    it('removes the local copy of withLocalFile afterwards, also when the work fails', async () => {
      const key = keyOf(n++);
      await storage.putFile(key, tempFile('local copy'));
      let seen = '';
      await expect(
        storage.withLocalFile(key, async (p) => {
          seen = p;
          throw new Error('work failed');
        }),
      ).rejects.toThrow('work failed');
      expect(await text(storage.createReadStream(key))).toBe('local copy');
      await storage.remove(key);
      // A backend that downloads removes its copy; one that lends its own file has nothing to remove.
      expect(fs.existsSync(seen)).toBe(false);
    });

    it('refuses keys that are not server-generated names', async () => {
      for (const bad of ['../etc/passwd', 'a/b.mp4', '.hidden.mp4', 'short.mp4', `${'a'.repeat(32)}`]) {
        await expect(storage.stat(bad)).rejects.toThrow(/Invalid storage key/);
        expect(() => storage.createReadStream(bad)).toThrow(/Invalid storage key/);
        await expect(storage.remove(bad)).rejects.toThrow(/Invalid storage key/);
      }
    });
  });
}
