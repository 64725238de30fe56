import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  assertStorageKey,
  isMediaKey,
  type ByteRange,
  type Storage,
  type StoredFileEntry,
  type StoredFileInfo,
} from './storage';
import { removeStaleFiles } from './temp-file';

/** The hidden name `putFile` copies under before the rename: `.<key>.partial`. */
const PARTIAL_COPY = /^\..+\.partial$/;

/** Media as plain files in one directory. */
export class LocalStorage implements Storage {
  constructor(readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  async open(): Promise<void> {
    await fsp.mkdir(this.root, { recursive: true });
  }

  async check(): Promise<void> {
    await fsp.access(this.root, fs.constants.R_OK | fs.constants.W_OK);
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, key);
  }

  async putFile(key: string, sourcePath: string): Promise<StoredFileInfo> {
    const target = this.pathOf(key);
    try {
      await fsp.rename(sourcePath, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      // Temp dir on another file system: copy under a hidden name, then rename, so readers never see half a file.
      const partial = path.join(this.root, `.${key}.partial`);
      try {
        await pipeline(fs.createReadStream(sourcePath), fs.createWriteStream(partial, { flags: 'wx' }));
        await fsp.rename(partial, target);
      } finally {
        await fsp.rm(partial, { force: true });
      }
      await fsp.rm(sourcePath, { force: true });
    }
    const info = await this.stat(key);
    if (!info) throw new Error(`Stored file vanished: ${key}`);
    return info;
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    try {
      const s = await fsp.stat(this.pathOf(key));
      return s.isFile() ? { size: s.size, modifiedAt: s.mtime } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  createReadStream(key: string, range?: ByteRange) {
    return fs.createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async *list(): AsyncIterable<StoredFileEntry> {
    for (const name of await fsp.readdir(this.root)) {
      if (!isMediaKey(name)) continue;
      const info = await this.stat(name);
      if (info) yield { key: name, modifiedAt: info.modifiedAt };
    }
  }

  removeLeftovers(olderThan: Date): Promise<number> {
    return removeStaleFiles(this.root, olderThan, (name) => PARTIAL_COPY.test(name));
  }

  async withLocalFile<T>(key: string, fn: (localPath: string) => Promise<T>): Promise<T> {
    const file = this.pathOf(key);
    await fsp.access(file);
    return fn(file);
  }
}
