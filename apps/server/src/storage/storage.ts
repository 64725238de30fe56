import { STORED_TYPES } from '../media/containers';
import type { Readable } from 'node:stream';

export interface StoredFileInfo {
  size: number;
  modifiedAt: Date;
}

/** Inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFileEntry {
  key: string;
  modifiedAt: Date;
}

/**
 * Where media files live. Keys are flat, server-generated names (`<random id>.<ext>`); the interface is
 * narrow enough for an object store: whole-file puts, ranged reads, stat, delete, listing. Backends:
 * LocalStorage (files in DATA_DIR/media) and S3Storage (an S3-compatible bucket), chosen by STORAGE.
 */
export interface Storage {
  /** Makes the store ready at start: the media dir, or the bucket (created when it does not exist). */
  open(): Promise<void>;
  /** Throws when the store cannot be reached (a readiness check). */
  check(): Promise<void>;
  /** Moves a finished local temp file into storage under `key` (the temp file is gone afterwards). */
  putFile(key: string, sourcePath: string): Promise<StoredFileInfo>;
  /** Size and modification time, or null when there is no such file. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /** Reads the whole file or one byte range. */
  createReadStream(key: string, range?: ByteRange): Readable;
  /** Deletes; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** Every stored file, so that files no video refers to any more (a crash cut their upload or delete short) can go. */
  list(): AsyncIterable<StoredFileEntry>;
  /** Removes what puts cut short by a crash left, last written before `olderThan`; returns how many. */
  removeLeftovers(olderThan: Date): Promise<number>;
  /** Runs `fn` with a local path of the file (a download into a temp file for remote stores). */
  withLocalFile<T>(key: string, fn: (localPath: string) => Promise<T>): Promise<T>;
}

/** Server-generated keys only: letters, digits, '-', '_' and one dot for the extension. */
export const STORAGE_KEY = /^[A-Za-z0-9_-]{16,128}\.[a-z0-9]{1,8}$/;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/**
 * A media file the server wrote (a video or a thumbnail), told apart from other objects that may share the
 * place, such as a resumable upload's `<id>.info` and `<id>.part` in the same bucket: the sweep only ever
 * lists, and so deletes, these.
 */
export function isMediaKey(key: string): boolean {
  return STORAGE_KEY.test(key) && Object.hasOwn(STORED_TYPES, key.slice(key.lastIndexOf('.') + 1));
}
