import fs from 'node:fs';
import path from 'node:path';
import { BlobHashes } from './blob-hashes';
import { receiveInto, type ReceiveOptions, type Received } from './blob-receive';

/**
 * The emulator's state: named collections of JSON records, kept in one file under the data directory.
 * Every answer that changed state is sent only after the file has been written and fsynced (write to a temp
 * file, fsync, rename, fsync the directory), so a restart, or a SIGKILL of the process it runs in, keeps every
 * token, upload session and post that a client was told about. Answers wait on `flush()`: the changes of every
 * request handled in the same turn of the event loop go to disk in one write (a group commit), as rewriting
 * the whole file per request made the emulator, not its clients, the limit with thousands of posts.
 * Uploaded bytes live beside it in files of their own (`blobPath`), written as they arrive and fsynced per
 * request, each hashed on the way in (blob-hashes.ts).
 */
export class Store {
  private data: Record<string, Record<string, unknown>> = {};
  private dirty = false;
  /** The write that the changes made so far will go out with, while one is due. */
  private nextWrite?: Promise<void>;
  private readonly file: string;
  readonly blobDir: string;
  private readonly hashes = new BlobHashes();
  /** The body being written into each blob, while one is. */
  private readonly receiving = new Map<string, Promise<unknown>>();

  constructor(readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
    this.file = path.join(dir, 'state.json');
    this.blobDir = path.join(dir, 'blobs');
    fs.mkdirSync(this.blobDir, { recursive: true });
    if (fs.existsSync(this.file)) this.data = JSON.parse(fs.readFileSync(this.file, 'utf8'));
  }

  /** A named collection (e.g. `x.media`); records are plain JSON objects keyed by id. */
  collection<T extends object>(name: string): Collection<T> {
    return new Collection<T>(this, name);
  }

  /** @internal */
  table(name: string): Record<string, unknown> {
    return (this.data[name] ??= {});
  }

  /** @internal */
  touch() {
    this.dirty = true;
  }

  /** Durable when it resolves: one write, at the end of this turn of the event loop, for every change so far. */
  flush(): Promise<void> {
    if (!this.dirty) return this.nextWrite ?? Promise.resolve();
    this.nextWrite ??= new Promise<void>((resolve, reject) =>
      setImmediate(() => {
        this.nextWrite = undefined;
        try {
          this.persist();
          resolve();
        } catch (err) {
          reject(err as Error);
        }
      }),
    );
    return this.nextWrite;
  }

  /** Writes the state if anything changed since the last write; durable when it returns. */
  persist() {
    if (!this.dirty) return;
    const tmp = `${this.file}.tmp`;
    const fd = fs.openSync(tmp, 'w');
    try {
      fs.writeSync(fd, JSON.stringify(this.data));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, this.file);
    const dirFd = fs.openSync(this.dir, 'r');
    try {
      fs.fsyncSync(dirFd);
    } finally {
      fs.closeSync(dirFd);
    }
    this.dirty = false;
  }

  /** Forgets everything (control API reset). */
  reset() {
    this.data = {};
    this.dirty = true;
    fs.rmSync(this.blobDir, { recursive: true, force: true });
    fs.mkdirSync(this.blobDir, { recursive: true });
    this.hashes.clear();
  }

  /** Where the bytes of an upload live (`id`: letters, digits, `-`, `_`, `.`). */
  blobPath(id: string): string {
    if (!/^[\w.-]+$/.test(id)) throw new Error(`bad blob id ${id}`);
    return path.join(this.blobDir, id);
  }

  /** Appends bytes at `offset` of a blob (writes past the end extend it) and fsyncs; returns the new size. */
  writeBlob(id: string, offset: number, bytes: Buffer): number {
    const file = this.blobPath(id);
    const fd = fs.openSync(file, fs.existsSync(file) ? 'r+' : 'w+');
    try {
      const tap = this.hashes.begin(id, offset, fs.fstatSync(fd).size);
      fs.writeSync(fd, bytes, 0, bytes.length, offset);
      fs.fsyncSync(fd);
      const size = fs.fstatSync(fd).size;
      tap?.update(bytes);
      tap?.commit(size);
      return size;
    } finally {
      fs.closeSync(fd);
    }
  }

  /**
   * Writes a request body into a blob from `offset` as its bytes arrive (see receiveInto): the way every upload
   * of a video is taken, so that the emulator holds a chunk of it at a time, never a whole file.
   */
  receiveBlob(id: string, offset: number, body: AsyncIterable<Buffer>, o: ReceiveOptions): Promise<Received> {
    // One body at a time into a blob (a client that sends a part again while the first is still arriving):
    // the second starts once the first is in, and is taken as a part sent again.
    const before = this.receiving.get(id) ?? Promise.resolve();
    const done = before.then(() => receiveInto(this.hashes, id, this.blobPath(id), offset, body, o));
    const settled = done.then(
      () => undefined,
      () => undefined,
    );
    this.receiving.set(id, settled);
    void settled.then(() => {
      if (this.receiving.get(id) === settled) this.receiving.delete(id);
    });
    return done;
  }

  blobSize(id: string): number {
    try {
      return fs.statSync(this.blobPath(id)).size;
    } catch {
      return 0;
    }
  }

  /** The SHA-256 of a blob's bytes (of none when it does not exist), hashed as they were written. */
  blobSha256(id: string): string {
    return this.hashes.sha256(id, this.blobPath(id));
  }

  /** Blob `to` becomes a copy of blob `from` (the kernel copies it; durable when it returns); its size. */
  copyBlob(from: string, to: string): number {
    const target = this.blobPath(to);
    fs.copyFileSync(this.blobPath(from), target);
    const fd = fs.openSync(target, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    this.hashes.copy(from, to);
    return this.blobSize(to);
  }

  /** Blob `from` (a part a request streamed in) becomes blob `to`, replacing it at once. */
  moveBlob(from: string, to: string) {
    fs.renameSync(this.blobPath(from), this.blobPath(to));
    this.hashes.copy(from, to);
    this.hashes.forget(from);
  }

  removeBlob(id: string) {
    fs.rmSync(this.blobPath(id), { force: true });
    this.hashes.forget(id);
  }
}

export class Collection<T extends object> {
  constructor(
    private readonly store: Store,
    private readonly name: string,
  ) {}

  get(id: string): T | undefined {
    return this.store.table(this.name)[id] as T | undefined;
  }

  /** Stores (or replaces) a record; it is written before the answer that follows goes out. */
  set(id: string, value: T): T {
    this.store.table(this.name)[id] = value;
    this.store.touch();
    return value;
  }

  /** Changes a record in place and marks the state for writing. */
  update(id: string, change: (value: T) => void): T | undefined {
    const value = this.get(id);
    if (value === undefined) return undefined;
    change(value);
    this.store.touch();
    return value;
  }

  delete(id: string) {
    delete this.store.table(this.name)[id];
    this.store.touch();
  }

  values(): T[] {
    return Object.values(this.store.table(this.name)) as T[];
  }

  entries(): [string, T][] {
    return Object.entries(this.store.table(this.name)) as [string, T][];
  }

  find(pred: (value: T) => boolean): T | undefined {
    return this.values().find(pred);
  }
}
