import type { IncomingMessage } from 'node:http';
import type { AppContext } from '../context';
import { AppError } from './errors';

/**
 * What keeps uploads from holding the server's sockets, files and descriptors: a minimum transfer rate
 * (config.uploadLimits.minBytesPerSecond, averaged over each window of rateWindowSeconds; a window with no
 * byte at all is the idle timeout) and caps on the uploads one user and one address have in progress at
 * once in this process. Any upload protocol uses it through `guardUpload`.
 */

export const tooManyUploads = (retryAfterSeconds: number, who: 'account' | 'address') =>
  new AppError(
    429,
    'too_many_uploads',
    `Too many uploads in progress from this ${who}. Wait for one to finish, then try again.`,
    { 'retry-after': String(retryAfterSeconds) },
  );

export const uploadTooSlow = (minBytesPerSecond: number, windowSeconds: number) =>
  new AppError(
    408,
    'upload_too_slow',
    `The upload was too slow: less than ${minBytesPerSecond} bytes a second over ${windowSeconds} s. ` +
      'Check the connection and try again.',
    { connection: 'close' },
  );

interface Counts {
  perUser: Map<number, number>;
  perAddress: Map<string, number>;
}

const inProgress = new WeakMap<AppContext, Counts>();

function countsOf(ctx: AppContext): Counts {
  let counts = inProgress.get(ctx);
  if (!counts) inProgress.set(ctx, (counts = { perUser: new Map(), perAddress: new Map() }));
  return counts;
}

const bump = <K>(map: Map<K, number>, key: K, by: number) => {
  const n = (map.get(key) ?? 0) + by;
  if (n <= 0) map.delete(key);
  else map.set(key, n);
};

/** Uploads in progress in this process, for one user or one address. */
export function uploadsInProgress(ctx: AppContext, who: { userId?: number; address?: string }): number {
  const counts = countsOf(ctx);
  if (who.userId !== undefined) return counts.perUser.get(who.userId) ?? 0;
  return counts.perAddress.get(who.address ?? '') ?? 0;
}

/** Takes an upload slot for the user and the address, or throws 429 too_many_uploads; returns the release. */
export function acquireUploadSlot(ctx: AppContext, userId: number, address: string): () => void {
  const { maxConcurrentPerUser, maxConcurrentPerAddress, rateWindowSeconds } = ctx.config.uploadLimits;
  const counts = countsOf(ctx);
  // An upload that is cut for being slow ends within a window: a slot frees up by then at the latest.
  const retryAfter = Math.max(1, Math.min(rateWindowSeconds, 30));
  if ((counts.perUser.get(userId) ?? 0) >= maxConcurrentPerUser) throw tooManyUploads(retryAfter, 'account');
  if ((counts.perAddress.get(address) ?? 0) >= maxConcurrentPerAddress) throw tooManyUploads(retryAfter, 'address');
  bump(counts.perUser, userId, 1);
  bump(counts.perAddress, address, 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    bump(counts.perUser, userId, -1);
    bump(counts.perAddress, address, -1);
  };
}

/**
 * Calls `onTooSlow` once when the request's socket receives fewer than minBytesPerSecond × window bytes in
 * a window (the bytes are counted on the socket, so it works whoever reads the body). Returns the stop.
 */
export function watchUploadRate(
  ctx: AppContext,
  request: IncomingMessage,
  onTooSlow: (err: AppError) => void,
): () => void {
  const { minBytesPerSecond, rateWindowSeconds } = ctx.config.uploadLimits;
  const socket = request.socket;
  let last = socket.bytesRead;
  const timer = setInterval(() => {
    const now = socket.bytesRead;
    const received = now - last;
    last = now;
    if (request.complete || socket.destroyed) return stop();
    if (received < minBytesPerSecond * rateWindowSeconds) {
      stop();
      onTooSlow(uploadTooSlow(minBytesPerSecond, rateWindowSeconds));
    }
  }, rateWindowSeconds * 1000);
  timer.unref();
  const stop = () => clearInterval(timer);
  return stop;
}

export interface UploadGuard {
  /** Frees the slot and stops the watchdog; call it once the upload has ended, however it ended. */
  release(): void;
}

/**
 * The guards of one upload request: takes a slot for the user and the address (429 too_many_uploads with
 * Retry-After when either is at its cap) and watches the transfer rate, calling `onTooSlow` with a 408
 * upload_too_slow error when it falls below the minimum (the caller stops reading, answers it and closes
 * the connection; a request it cannot answer any more it destroys). The slot is also freed if the
 * connection closes first.
 */
export function guardUpload(
  ctx: AppContext,
  request: IncomingMessage,
  who: { userId: number; address: string },
  onTooSlow: (err: AppError) => void,
): UploadGuard {
  const releaseSlot = acquireUploadSlot(ctx, who.userId, who.address);
  const stopWatch = watchUploadRate(ctx, request, onTooSlow);
  const release = () => {
    stopWatch();
    releaseSlot();
    request.socket.off('close', release);
  };
  request.socket.once('close', release);
  return { release };
}
