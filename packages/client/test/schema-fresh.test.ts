import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, stopTestServer, type TestServer } from '../../../apps/server/test/test-server';
import { renderSchema } from '../src/api/render-schema';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => stopTestServer(server));

it('the committed client types are those of the OpenAPI document the server serves (else: npm run generate -w @fanout/client)', async () => {
  const file = path.join(import.meta.dirname, '../src/api/schema.d.ts');
  const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as object;
  expect(fs.readFileSync(file, 'utf8') === (await renderSchema(document, file))).toBe(true);
});
