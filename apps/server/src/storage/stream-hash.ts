import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';

/**
 * SHA-256 of bytes as they stream by, computed on a worker thread: hashing is the costliest step per byte
 * of an upload (about 1.5 GB/s on one core), and on the request's thread it would slow the upload itself.
 * The bytes are copied into 1 MB batches that are handed over (transferred, not copied again); a hash that
 * falls more than 32 MB behind makes `update` answer a promise to wait on, so memory stays flat.
 */

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const jobs = new Map();
parentPort.on('message', (m) => {
  if (m.op === 'update') {
    let hash = jobs.get(m.id);
    if (!hash) jobs.set(m.id, (hash = createHash('sha256')));
    hash.update(new Uint8Array(m.buf, 0, m.length));
    parentPort.postMessage({ id: m.id, op: 'ack', bytes: m.length });
  } else if (m.op === 'digest') {
    const hash = jobs.get(m.id) ?? createHash('sha256');
    jobs.delete(m.id);
    parentPort.postMessage({ id: m.id, op: 'digest', hex: hash.digest('hex') });
  } else if (m.op === 'drop') {
    jobs.delete(m.id);
  }
});
`;

const BATCH_BYTES = 1024 * 1024;
const MAX_BEHIND_BYTES = 32 * 1024 * 1024;

interface Job {
  onAck(bytes: number): void;
  onDigest(hex: string): void;
}

let shared: { worker: Worker; jobs: Map<number, Job>; nextId: number } | null | undefined;

/** The one hashing thread of this process (started on first use, never keeping the process alive). */
function hashingThread() {
  if (shared !== undefined) return shared;
  try {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    const jobs = new Map<number, Job>();
    worker.on('message', (m: { id: number; op: 'ack' | 'digest'; bytes?: number; hex?: string }) => {
      const job = jobs.get(m.id);
      if (!job) return;
      if (m.op === 'ack') job.onAck(m.bytes!);
      else job.onDigest(m.hex!);
    });
    worker.on('error', () => {
      // Jobs in flight fail over to hashing here (see StreamHash.digest); new ones never use the thread.
      shared = null;
      for (const job of jobs.values()) job.onDigest('');
      jobs.clear();
    });
    shared = { worker, jobs, nextId: 1 };
  } catch {
    shared = null;
  }
  return shared;
}

export class StreamHash {
  private readonly thread = hashingThread();
  private readonly id: number;
  private batch = Buffer.allocUnsafe(BATCH_BYTES);
  private filled = 0;
  private behind = 0;
  private caughtUp: (() => void) | undefined;
  private digestOf: ((hex: string) => void) | undefined;
  /** Hashing on this thread: no worker, or it failed; then the bytes are kept only until hashed here. */
  private local = this.thread ? null : createHash('sha256');
  private lost = false;

  constructor() {
    this.id = this.thread ? this.thread.nextId++ : 0;
    this.thread?.jobs.set(this.id, {
      onAck: (bytes) => {
        this.behind -= bytes;
        if (this.behind <= MAX_BEHIND_BYTES / 2) this.release();
      },
      onDigest: (hex) => {
        if (!hex) this.lost = true;
        this.release();
        this.digestOf?.(hex);
      },
    });
  }

  private release() {
    const wake = this.caughtUp;
    this.caughtUp = undefined;
    wake?.();
  }

  /** Adds bytes; answers a promise only when the hash is far behind (wait before the next chunk). */
  update(chunk: Buffer): Promise<void> | undefined {
    if (this.local) {
      this.local.update(chunk);
      return undefined;
    }
    let at = 0;
    while (at < chunk.length) {
      const n = Math.min(chunk.length - at, BATCH_BYTES - this.filled);
      chunk.copy(this.batch, this.filled, at, at + n);
      this.filled += n;
      at += n;
      if (this.filled === BATCH_BYTES) this.send();
    }
    if (this.behind <= MAX_BEHIND_BYTES) return undefined;
    return new Promise((resolve) => (this.caughtUp = resolve));
  }

  private send() {
    if (this.filled === 0 || !this.thread) return;
    // A batch this large has an ArrayBuffer of its own (never Node's shared pool): it can be handed over.
    const buf = this.batch.buffer as ArrayBuffer;
    this.thread.worker.postMessage({ id: this.id, op: 'update', buf, length: this.filled }, [buf]);
    this.behind += this.filled;
    this.batch = Buffer.allocUnsafe(BATCH_BYTES);
    this.filled = 0;
  }

  /** The hex digest of every byte given; null when the hashing thread died on the way. */
  async digest(): Promise<string | null> {
    if (this.local) return this.local.digest('hex');
    if (this.lost) return null;
    this.send();
    const hex = await new Promise<string>((resolve) => {
      this.digestOf = resolve;
      this.thread!.worker.postMessage({ id: this.id, op: 'digest' });
    });
    this.thread?.jobs.delete(this.id);
    return this.lost || !hex ? null : hex;
  }

  /** Forgets the bytes (the upload failed). */
  drop() {
    if (!this.thread) return;
    this.thread.jobs.delete(this.id);
    this.thread.worker.postMessage({ id: this.id, op: 'drop' });
  }
}
