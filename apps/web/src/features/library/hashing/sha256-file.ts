import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { abortError } from './abort';

/** Read and hashed this much at a time: two pieces in memory at most, whatever the file's size. */
export const HASH_CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * The hex SHA-256 of a file, read piece by piece (the next piece is read while one is hashed), never whole:
 * SubtleCrypto's digest would need the whole file in memory. `onProgress` gets the bytes hashed so far.
 */
export async function sha256OfFile(
  file: Blob,
  onProgress: (bytes: number) => void = () => undefined,
  signal?: AbortSignal,
): Promise<string> {
  const hash = sha256.create();
  const read = (offset: number) => file.slice(offset, offset + HASH_CHUNK_BYTES).arrayBuffer();
  let next: Promise<ArrayBuffer> | null = file.size > 0 ? read(0) : null;
  let offset = 0;
  while (next) {
    const piece = new Uint8Array(await next);
    if (signal?.aborted) throw abortError();
    offset += piece.byteLength;
    next = offset < file.size ? read(offset) : null;
    hash.update(piece);
    onProgress(offset);
  }
  return bytesToHex(hash.digest());
}
