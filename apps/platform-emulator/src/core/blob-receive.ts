import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BlobHashes } from './blob-hashes';

/** What became of a body written into a blob. */
export type Received =
  /** All `bytes` are in the blob, durable; it is now `size` bytes long. */
  | { ok: true; bytes: number; size: number }
  /**
   * Nothing changed: the body had more than `maxBytes` (`bytes` counts it all), or its client went away. The rest
   * of a body too large was read and dropped, so that the client still gets its answer.
   */
  | { ok: false; bytes: number; reason: 'too_large' | 'aborted' };

export interface ReceiveOptions {
  maxBytes: number;
  /** Sees each chunk as it goes to the blob (another hash, such as S3's MD5 ETag). */
  observe?: (chunk: Buffer) => void;
}

/** Bytes copied at a time from a staged body into its blob. */
const COPY_BYTES = 1024 * 1024;

/**
 * Writes `body` into the blob at `file` from `offset` as it arrives: no more than one chunk of it is held in
 * memory, whatever its size. A write that starts at (or past) the blob's end goes straight into the file and is
 * cut back if the body fails; one over bytes the blob already holds is staged beside it and put in place only
 * once it is whole, so a failed body never leaves half of itself over bytes that were good. Durable (fsynced)
 * when it resolves with `ok`.
 */
export async function receiveInto(
  hashes: BlobHashes,
  id: string,
  file: string,
  offset: number,
  body: AsyncIterable<Buffer>,
  o: ReceiveOptions,
): Promise<Received> {
  const existed = fs.existsSync(file);
  const size = existed ? fs.statSync(file).size : 0;
  const direct = offset >= size;
  const target = direct ? file : path.join(path.dirname(file), `.${id}.${randomUUID()}.part`);
  const handle = await fs.promises.open(target, direct && existed ? 'r+' : 'w+');
  const tap = hashes.begin(id, offset, size);
  const start = direct ? offset : 0;
  let bytes = 0;
  let failed: 'too_large' | 'aborted' | undefined;
  try {
    for await (const chunk of body) {
      if (bytes + chunk.length > o.maxBytes) failed ??= 'too_large';
      if (!failed) {
        await handle.write(chunk, 0, chunk.length, start + bytes);
        tap?.update(chunk);
        o.observe?.(chunk);
      }
      bytes += chunk.length;
    }
    if (!failed) await handle.sync();
  } catch {
    failed ??= 'aborted';
  }
  try {
    if (failed) {
      if (direct) await handle.truncate(size);
      return { ok: false, bytes, reason: failed };
    }
  } finally {
    await handle.close();
    if (failed && !direct) await fs.promises.rm(target, { force: true });
    else if (failed && !existed) await fs.promises.rm(file, { force: true });
  }
  const end = direct ? offset + bytes : await placeStaged(target, file, offset, bytes, size);
  const now = Math.max(size, end);
  tap?.commit(now);
  return { ok: true, bytes, size: now };
}

/** Puts a staged body in place at `offset` of `file`: renamed over it when it replaces it all, else copied in. */
async function placeStaged(staged: string, file: string, offset: number, bytes: number, size: number) {
  if (offset === 0 && bytes >= size) {
    await fs.promises.rename(staged, file);
    await syncDir(path.dirname(file));
    return bytes;
  }
  const from = await fs.promises.open(staged, 'r');
  const to = await fs.promises.open(file, 'r+');
  try {
    const piece = Buffer.alloc(Math.min(COPY_BYTES, Math.max(1, bytes)));
    for (let at = 0; at < bytes;) {
      const { bytesRead } = await from.read(piece, 0, Math.min(piece.length, bytes - at), at);
      await to.write(piece, 0, bytesRead, offset + at);
      at += bytesRead;
    }
    await to.sync();
  } finally {
    await from.close();
    await to.close();
    await fs.promises.rm(staged, { force: true });
  }
  return offset + bytes;
}

export async function syncDir(dir: string) {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
