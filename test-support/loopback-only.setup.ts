import net from 'node:net';

/**
 * Tests talk only to this machine: any connection to an address outside loopback fails the test that
 * made it, whatever opened it (fetch, undici, node:http, a database driver). Platforms are reached only
 * through the emulator on loopback.
 */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost|::ffff:127\.\d+\.\d+\.\d+)$/i;

function hostOf(args: unknown[]): string | undefined {
  const [first, second] = args;
  if (typeof first === 'object' && first !== null) {
    const o = first as { host?: string; path?: string };
    if (o.path) return undefined; // a Unix socket
    return o.host ?? 'localhost';
  }
  if (typeof first === 'number') return typeof second === 'string' ? second : 'localhost';
  return undefined; // a Unix socket path
}

/** Marks the guarded `connect`, so that a worker running several files in one module graph wraps it once. */
const GUARDED = Symbol.for('fanout.loopbackOnly');
type Guarded = typeof net.Socket.prototype.connect & { [GUARDED]?: true };

const original = net.Socket.prototype.connect as Guarded;
const guarded = function connect(this: net.Socket, ...args: unknown[]) {
  const normalized = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  const host = hostOf(normalized);
  if (host !== undefined && !LOOPBACK.test(host.replace(/^\[|\]$/g, ''))) {
    const err = new Error(`Tests may only connect to loopback addresses; this one tried ${host}`);
    process.nextTick(() => this.destroy(err));
    return this;
  }
  return (original as (...a: unknown[]) => net.Socket).apply(this, args);
} as Guarded;
guarded[GUARDED] = true;
if (!original[GUARDED]) net.Socket.prototype.connect = guarded;
