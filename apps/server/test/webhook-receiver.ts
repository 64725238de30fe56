import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>`: tests allow loopback webhooks (WEBHOOK_ALLOW_PRIVATE). */
  url: string;
  /** Every request, in order, once its body has arrived. */
  received: ReceivedWebhook[];
  close(): Promise<void>;
}

/** A receiver on loopback that keeps what it is sent and answers `status(request)` (200 unless told). */
export async function startWebhookReceiver(
  status: (r: ReceivedWebhook) => number = () => 200,
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = { path: req.url ?? '', headers: req.headers, body };
      received.push(request);
      res.writeHead(status(request)).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
