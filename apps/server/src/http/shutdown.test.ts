import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, stopTestServer, type TestServer } from '../../test/test-server';

/** A kept-alive connection, with what has come back on it and whether the server has closed it. */
function openConnection(url: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  const ended = new Promise<void>((resolve) => socket.on('end', () => resolve()));
  const connected = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  return { socket, connected, ended, received: () => received };
}

describe('shutting down', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await stopTestServer(server);
    server = undefined;
  });

  it('answers a request that arrives while shutting down with 503 {error, code} and Retry-After, and closes its connection', async () => {
    server = await startTestServer();
    const connection = openConnection(server.url);
    await connection.connected;
    const body = JSON.stringify({ identifier: 'nobody@example.com', password: 'not the password at all' });
    const half = Math.floor(body.length / 2);
    connection.socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n' +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, half)}`,
    );

    const closed = server.close();
    connection.socket.write(body.slice(half));

    // The request still gets its answer, and the connection then ends: shutdown does not wait for it to idle out.
    await connection.ended;
    const [head = '', answer = ''] = connection.received().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(JSON.parse(answer)).toEqual({
      error: 'The server is restarting. Try again in a moment.',
      code: 'shutting_down',
    });
    await closed;
    connection.socket.destroy();
  });

  it('does not wait for a connection that has not sent a request yet (a browser opens those ahead of time)', async () => {
    server = await startTestServer();
    const connection = openConnection(server.url);
    await connection.connected;
    const closedByServer = new Promise<void>((resolve) => connection.socket.on('close', () => resolve()));

    // Without this, Node keeps such a connection until its 60 s connection timeout, and shutdown with it.
    await server.close();
    await closedByServer;
    expect(connection.received()).toBe('');
  });
});
