import { abortError } from './abort';
import type { HashWorkerMessage } from './sha256.worker';

/**
 * The hex SHA-256 of a file, hashed on a worker thread so the page stays responsive (on this thread where a
 * browser has no workers). Stopped by `signal`: the worker is ended and the promise fails with an AbortError.
 */
export function hashFile(file: Blob, onProgress: (bytes: number) => void, signal?: AbortSignal): Promise<string> {
  if (signal?.aborted) return Promise.reject(abortError());
  // Loaded only then: the hashing code is the worker's, not the page's.
  if (typeof Worker === 'undefined') {
    return import('./sha256-file').then(({ sha256OfFile }) => sha256OfFile(file, onProgress, signal));
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./sha256.worker.ts', import.meta.url), { type: 'module' });
    const end = () => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      end();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort);
    worker.onmessage = (event: MessageEvent<HashWorkerMessage>) => {
      const message = event.data;
      if (message.type === 'progress') return onProgress(message.bytes);
      end();
      if (message.type === 'done') resolve(message.sha256);
      else reject(new Error(message.message));
    };
    worker.onerror = (event) => {
      end();
      reject(new Error(event.message || 'The file could not be read'));
    };
    worker.postMessage(file);
  });
}
