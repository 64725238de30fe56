/**
 * Writes src/api/schema.d.ts from the OpenAPI document of a server started here, on a throwaway data dir.
 * Run after changing a route's schema: `npm run generate -w @fanout/client`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../apps/server/src/config/env';
import { startServer } from '../../../apps/server/src/server';
import { renderSchema } from '../src/api/render-schema';

const target = path.join(import.meta.dirname, '../src/api/schema.d.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-openapi-'));
const server = await startServer(
  loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    EMULATOR_PORT: '0',
  }),
);
try {
  const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as object;
  fs.writeFileSync(target, await renderSchema(document, target));
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
} finally {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
