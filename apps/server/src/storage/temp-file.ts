import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { FileHash } from './stream-hash';

/** 128 random bits, hex: names that cannot be guessed or enumerated. */
export function randomName(): string {
  return randomBytes(16).toString('hex');
}

export function tempPath(tmpDir: string, extension: string): string {
  return path.join(tmpDir, `${randomName()}.${extension}`);
}

/** A temp file untouched this long belongs to no upload in progress: a crash or a kill left it behind. */
export const STALE_TEMP_AFTER_MS = 60 * 60_000;

/**
 * Deletes the files in `dir` last written before `olderThan` and returns how many. Files still being
 * written (another server process on the same DATA_DIR may be receiving an upload) are newer and stay.
 * `only`, when given, limits it to the names it accepts.
 */
export async function removeStaleFiles(
  dir: string,
  olderThan: Date,
  only: (name: string) => boolean = () => true,
): Promise<number> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let removed = 0;
  for (const name of names.filter(only)) {
    const file = path.join(dir, name);
    // A file that is gone by now was finished by its own upload.
    const stat = await fs.promises.lstat(file).catch(() => undefined);
    if (!stat?.isFile() || stat.mtime >= olderThan) continue;
    await fs.promises.rm(file, { force: true });
    removed++;
  }
  return removed;
}

export class ByteLimitError extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} bytes`);
  }
}

/**
 * Streams `source` into a new file, failing with ByteLimitError as soon as it grows past `maxBytes`.
 * Nothing is buffered beyond the stream's own chunks. A failed write removes the partial file.
 */
export async function writeLimited(source: Readable, target: string, maxBytes: number): Promise<number> {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) done(new ByteLimitError(maxBytes));
      else done(null, chunk);
    },
  });
  const out = fs.createWriteStream(target, { flags: 'wx' });
  try {
    await pipeline(source, counter, out);
    return bytes;
  } catch (err) {
    // The file may still be opening when the pipeline gives up: remove it only once it is closed.
    if (!out.closed) await once(out, 'close').catch(() => undefined);
    await fs.promises.rm(target, { force: true });
    throw err;
  }
}

/**
 * A new temp file written chunk by chunk as the bytes arrive, with their SHA-256 computed on the way (read
 * back from the file on the hashing thread as it is written: no second pass after the upload, no copy here).
 * `write` answers a promise only when the disk is behind (wait for it before the next chunk), and fails with
 * ByteLimitError past `maxBytes`. A file longer than `diskBytes` (when lower: the room left in the quota) is
 * not kept (`whole` false): only its hash is wanted, to tell a copy from a file over the quota. Its bytes still
 * pass through the temp file, as the hash is read back from it, and leave with it. `finish` closes the file;
 * `abort` closes and removes it.
 */
export class TempFileWriter {
  bytes = 0;
  private readonly hash: FileHash;
  private readonly out: fs.WriteStream;
  private failure: Error | undefined;
  private readonly onWritten = () => this.hash.written(this.out.bytesWritten);

  constructor(
    readonly path: string,
    private readonly maxBytes: number,
    private readonly diskBytes = maxBytes,
  ) {
    // A large buffer lets the stream gather chunks into one writev while a write is under way.
    this.out = fs.createWriteStream(path, { flags: 'wx', highWaterMark: 1024 * 1024 });
    this.out.on('error', (err) => (this.failure ??= err));
    this.hash = new FileHash(path);
  }

  write(chunk: Buffer): Promise<void> | undefined {
    if (this.failure) throw this.failure;
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) throw new ByteLimitError(this.maxBytes);
    if (this.out.write(chunk, this.onWritten)) return undefined;
    return new Promise<void>((resolve, reject) => {
      const done = (err?: Error) => {
        this.out.off('drain', onDrain);
        this.out.off('error', done);
        if (err) reject(err);
        else resolve();
      };
      const onDrain = () => done();
      this.out.on('drain', onDrain);
      this.out.on('error', done);
    });
  }

  /** Closes the file once every byte is written; answers the hex SHA-256 of the content, when it could. */
  async finish(): Promise<{ bytes: number; sha256: string | undefined; whole: boolean }> {
    if (this.failure) throw this.failure;
    this.out.end();
    await finished(this.out);
    const sha256 = await this.hash.digest(this.bytes);
    return { bytes: this.bytes, sha256: sha256 ?? undefined, whole: this.bytes <= this.diskBytes };
  }

  async abort(): Promise<void> {
    this.hash.drop();
    if (!this.out.closed) {
      this.out.destroy();
      await once(this.out, 'close').catch(() => undefined);
    }
    await fs.promises.rm(this.path, { force: true });
  }
}
