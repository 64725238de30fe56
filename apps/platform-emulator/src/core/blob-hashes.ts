import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';

/** Bytes read at a time when a blob's hash has to be read back from its file. */
const READ_BACK_BYTES = 1024 * 1024;

interface Running {
  /** The bytes hashed so far: the blob's first `size` bytes. */
  size: number;
  hash: Hash;
  /** The state before the last write, so that the same write sent again can be taken again. */
  before?: { size: number; hash: Hash };
}

/** What a write feeds its bytes to; `commit` once they are in the blob, which is then `fileSize` bytes long. */
export interface HashTap {
  update(chunk: Buffer): void;
  commit(fileSize: number): void;
}

/**
 * The SHA-256 of each blob, kept as its bytes are written, so that a finished upload's hash is known without
 * reading the file back (reading a large video whole to hash it is what made the sandbox's memory grow). A
 * write that starts where the blob ends extends the hash; the last write sent again (a client that lost its
 * answer: TikTok's chunk, X's segment, a rupload part) is hashed again from the state before it; any other write
 * forgets the hash, and the file is then read back in small pieces the one time the hash is asked for. Kept in
 * memory only: after a restart, the same read back.
 */
export class BlobHashes {
  private readonly running = new Map<string, Running>();

  /** A write of bytes at `offset` of blob `id`, now `size` bytes long, is about to start. */
  begin(id: string, offset: number, size: number): HashTap | undefined {
    const r = this.running.get(id) ?? (size === 0 ? { size: 0, hash: createHash('sha256') } : undefined);
    const base = r && offset === r.size ? { size: r.size, hash: r.hash } : r?.before;
    if (!r || !base || base.size !== offset) {
      this.running.delete(id);
      return undefined;
    }
    // The bytes go to a copy, installed once they are all in: a write that fails leaves the hash as it was.
    const hash = base.hash.copy();
    let written = 0;
    return {
      update: (chunk) => {
        hash.update(chunk);
        written += chunk.length;
      },
      commit: (fileSize) => {
        const current = this.running.get(id);
        // Another write to the same blob came between, or bytes past this write remain: the hash is unknown.
        if ((current !== undefined && current !== r) || offset + written !== fileSize) this.running.delete(id);
        else this.running.set(id, { size: fileSize, hash, before: base });
      },
    };
  }

  /** The blob's hash, `file` being where it lives now. */
  sha256(id: string, file: string): string {
    let size = 0;
    try {
      size = fs.statSync(file).size;
    } catch {
      return createHash('sha256').digest('hex');
    }
    const r = this.running.get(id);
    if (r && r.size === size) return r.hash.copy().digest('hex');
    const hash = createHash('sha256');
    const piece = Buffer.alloc(READ_BACK_BYTES);
    const fd = fs.openSync(file, 'r');
    try {
      for (let at = 0, n = 0; (n = fs.readSync(fd, piece, 0, piece.length, at)) > 0; at += n)
        hash.update(piece.subarray(0, n));
    } finally {
      fs.closeSync(fd);
    }
    return hash.digest('hex');
  }

  /** Blob `to` now holds what `from` held (renamed or copied). */
  copy(from: string, to: string) {
    const r = this.running.get(from);
    if (r) this.running.set(to, { size: r.size, hash: r.hash.copy() });
    else this.running.delete(to);
  }

  forget(id: string) {
    this.running.delete(id);
  }

  clear() {
    this.running.clear();
  }
}
