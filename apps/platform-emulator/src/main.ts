// `npm run emulator`: the platform emulator on its own (EMULATOR_PORT, EMULATOR_DATA_DIR, EMULATOR_PUBLIC_URL).
import path from 'node:path';
import { startEmulator } from './index';

const port = Number(process.env.EMULATOR_PORT ?? 3001);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`EMULATOR_PORT: expected a port number, got "${process.env.EMULATOR_PORT}"`);
  process.exit(78);
}
// Relative paths are taken from where `npm run emulator` was typed (npm runs this in the workspace folder).
const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.EMULATOR_DATA_DIR ?? 'data/emulator');
const emulator = await startEmulator({
  port,
  host: process.env.EMULATOR_HOST ?? '127.0.0.1',
  dataDir,
  publicUrl: process.env.EMULATOR_PUBLIC_URL ?? (port ? `http://localhost:${port}` : undefined),
});
console.log(`Platform emulator on ${emulator.url} (pages at ${emulator.publicUrl}), data in ${dataDir}`);
const stop = () => void emulator.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
