import { sha256OfFile } from './sha256-file';

/** What the page and this worker say to each other (hash-file.ts). */
export type HashWorkerMessage =
  { type: 'progress'; bytes: number } | { type: 'done'; sha256: string } | { type: 'failed'; message: string };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Blob>) => void) | null;
  postMessage(message: HashWorkerMessage): void;
};

// One file per worker: the page ends the worker to stop a check.
scope.onmessage = (event) => {
  sha256OfFile(event.data, (bytes) => scope.postMessage({ type: 'progress', bytes })).then(
    (sha256) => scope.postMessage({ type: 'done', sha256 }),
    (err: unknown) => scope.postMessage({ type: 'failed', message: String(err) }),
  );
};
