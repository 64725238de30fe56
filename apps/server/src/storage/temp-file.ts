import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** 128 random bits, hex: names that cannot be guessed or enumerated. */
export function randomName(): string {
  return randomBytes(16).toString('hex');
}

export function tempPath(tmpDir: string, extension: string): string {
  return path.join(tmpDir, `${randomName()}.${extension}`);
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
  try {
    await pipeline(source, counter, fs.createWriteStream(target, { flags: 'wx' }));
    return bytes;
  } catch (err) {
    await fs.promises.rm(target, { force: true });
    throw err;
  }
}
