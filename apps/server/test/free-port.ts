import net from 'node:net';

/** Below Linux's ephemeral range (32768–60999), where the kernel picks the ports of outgoing connections. */
const LOW = 20000;
const HIGH = 32767;

/**
 * A loopback port nothing listens on at the moment, for a process the test starts later. It is taken below
 * the ephemeral range: a port the kernel handed out (listen(0)) may be given to an outgoing connection of
 * another test between this probe and the process's own listen, which then fails with EADDRINUSE.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}
