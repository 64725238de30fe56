import { Worker } from 'node:worker_threads';

/**
 * SHA-256 of a file as it is being written, computed on a worker thread that reads the written bytes back
 * from the file (the page cache holds them) into one buffer of its own, reused: the request's thread neither
 * hashes (the costliest step per byte, about 1.5 GB/s on one core) nor copies or hands over a byte, so an
 * upload costs the process no more memory than the file's own writes, however large the file. (Bytes handed
 * over to the thread in batches were freed only when its tiny heap next collected garbage: a 2 GB upload grew
 * the process by ~90 MB.) A hash that falls behind costs nothing but the catching up at `digest`.
 */

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const buf = Buffer.allocUnsafeSlow(1024 * 1024);
const jobs = new Map();
function close(job) {
  if (job.fd !== undefined) fs.closeSync(job.fd);
}
function catchUp(job) {
  if (job.fd === undefined) job.fd = fs.openSync(job.path, 'r');
  while (job.at < job.upTo) {
    const n = fs.readSync(job.fd, buf, 0, Math.min(buf.length, job.upTo - job.at), job.at);
    if (n === 0) throw new Error('the file is shorter than what was written');
    job.hash.update(buf.subarray(0, n));
    job.at += n;
  }
}
parentPort.on('message', (m) => {
  let job = jobs.get(m.id);
  if (m.op === 'drop') {
    if (job) close(job);
    jobs.delete(m.id);
    return;
  }
  if (!job) jobs.set(m.id, (job = { path: m.path, hash: createHash('sha256'), at: 0, upTo: 0, failed: false }));
  job.upTo = Math.max(job.upTo, m.upTo);
  try {
    if (!job.failed) catchUp(job);
  } catch {
    job.failed = true;
  }
  if (m.op === 'digest') {
    close(job);
    jobs.delete(m.id);
    parentPort.postMessage({ id: m.id, hex: job.failed ? '' : job.hash.digest('hex') });
  }
});
`;

/** Bytes written between two notices to the hashing thread: it reads them in one go. */
const NOTICE_BYTES = 1024 * 1024;

let shared: { worker: Worker; waiting: Map<number, (hex: string) => void>; nextId: number } | null | undefined;

/** The one hashing thread of this process (started on first use, never keeping the process alive). */
function hashingThread() {
  if (shared !== undefined) return shared;
  try {
    // Its heap holds a hash state per file and little else: kept small, so the thread adds little to the process.
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
    });
    worker.unref();
    const waiting = new Map<number, (hex: string) => void>();
    worker.on('message', (m: { id: number; hex: string }) => {
      waiting.get(m.id)?.(m.hex);
      waiting.delete(m.id);
    });
    worker.on('error', () => {
      // Digests asked for answer null (the caller hashes the file itself); new files never use the thread.
      shared = null;
      for (const resolve of waiting.values()) resolve('');
      waiting.clear();
    });
    shared = { worker, waiting, nextId: 1 };
  } catch {
    shared = null;
  }
  return shared;
}

export class FileHash {
  private readonly thread = hashingThread();
  private readonly id = this.thread ? this.thread.nextId++ : 0;
  private noticed = 0;

  /** `path`: the file being written, from its first byte. */
  constructor(private readonly path: string) {}

  /** The first `bytes` bytes of the file are written (on disk or in the page cache): they can be read back. */
  written(bytes: number) {
    if (!this.thread || bytes - this.noticed < NOTICE_BYTES) return;
    this.noticed = bytes;
    this.thread.worker.postMessage({ id: this.id, op: 'more', path: this.path, upTo: bytes });
  }

  /**
   * The hex digest of the file's first `bytes` bytes, once all are written; null when there is no hashing
   * thread, or it failed on the way (then the caller reads the file itself).
   */
  async digest(bytes: number): Promise<string | null> {
    const thread = this.thread;
    if (!thread || shared !== thread) return null;
    const hex = await new Promise<string>((resolve) => {
      thread.waiting.set(this.id, resolve);
      thread.worker.postMessage({ id: this.id, op: 'digest', path: this.path, upTo: bytes });
    });
    return hex || null;
  }

  /** Forgets the file (the upload failed): the thread lets go of it. */
  drop() {
    this.thread?.worker.postMessage({ id: this.id, op: 'drop' });
  }
}
