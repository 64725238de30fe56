import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback proxy in front of the server that can hold a tus PATCH instead of forwarding it: a slow network
 * at a known point, so a test can stop the command line mid-upload with the server holding part of the file.
 */
export async function startHoldingProxy(target: string) {
  const patchOffsets: number[] = [];
  let holdFrom = Infinity;
  let onHeld: (() => void) | undefined;
  const server = http.createServer((req, res) => {
    if (req.method === 'PATCH') {
      patchOffsets.push(Number(req.headers['upload-offset']));
      if (patchOffsets.length >= holdFrom) {
        // Never forwarded: the server keeps only what came before. The client's abort or death closes it.
        req.resume();
        onHeld?.();
        return;
      }
    }
    const url = new URL(req.url ?? '/', target);
    const upstream = http.request(
      url,
      { method: req.method, headers: { ...req.headers, host: url.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    patchOffsets,
    /** The PATCH after the next `passing` ones is held; resolves when it arrives. */
    holdAfter(passing: number): Promise<void> {
      holdFrom = patchOffsets.length + passing + 1;
      return new Promise((resolve) => (onHeld = resolve));
    },
    release() {
      holdFrom = Infinity;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
