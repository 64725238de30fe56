import fs from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../test/test-server';
import { LocalStorage } from './local-storage';

describe('local storage', () => {
  let dir: string;
  let storage: LocalStorage;
  const key = '0123456789abcdef0123456789abcdef.mp4';

  beforeAll(() => {
    dir = makeTempDir('fanout-storage-test-');
    storage = new LocalStorage(path.join(dir, 'media'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('moves a temp file in, reads it whole and by range, and removes it', async () => {
    const temp = path.join(dir, 'upload.tmp');
    fs.writeFileSync(temp, '0123456789');
    const info = await storage.putFile(key, temp);
    expect(info.size).toBe(10);
    expect(fs.existsSync(temp)).toBe(false);

    expect(await text(storage.createReadStream(key))).toBe('0123456789');
    expect(await text(storage.createReadStream(key, { start: 2, end: 4 }))).toBe('234');
    expect((await storage.stat(key))?.size).toBe(10);
    expect(await storage.withLocalFile(key, async (p) => fs.readFileSync(p, 'utf8'))).toBe('0123456789');

    await storage.remove(key);
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.remove(key)).resolves.toBeUndefined();
  });

  it('refuses keys that are not server-generated names', async () => {
    for (const bad of ['../etc/passwd', 'a/b.mp4', '.hidden.mp4', 'short.mp4', `${'a'.repeat(32)}`]) {
      await expect(storage.stat(bad)).rejects.toThrow(/Invalid storage key/);
    }
  });
});
