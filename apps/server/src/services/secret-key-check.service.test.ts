import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir, startTestServer, stopTestServer, type TestServer } from '../../test/test-server';
import { ConfigError } from '../config/env';

const onPostgres = process.env.TEST_DB === 'postgres';
const checkValue = async (server: TestServer) =>
  (await server.ctx.db.selectFrom('secret_key_check').select('check_value').executeTakeFirst())?.check_value;

describe("the database's secret key check", () => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0).reverse()) await stopTestServer(server);
  });
  const start = async (...args: Parameters<typeof startTestServer>) => {
    const server = await startTestServer(...args);
    servers.push(server);
    return server;
  };

  it('is stored at first start: a MAC of a fixed label under the key, never the key', async () => {
    const key = randomBytes(32).toString('base64');
    const server = await start({ SECRET_KEY: key });
    const stored = await checkValue(server);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(Buffer.from(key).toString('hex'));
  });

  it('is stored at the first start after the upgrade that brought it, and matches from then on', async () => {
    const first = await start();
    const stored = await checkValue(first);
    // A database from before the check: no value yet.
    await first.ctx.db.deleteFrom('secret_key_check').execute();
    await first.close();
    const upgraded = await start({}, first);
    expect(await checkValue(upgraded)).toBe(stored);
  });

  it('stops a server whose key file is not the first key, naming SECRET_KEY and the file', async () => {
    const first = await start();
    await first.close();
    const keyFile = path.join(first.dataDir, 'secret.key');
    fs.writeFileSync(keyFile, `${randomBytes(32).toString('base64url')}\n`);
    const again = startTestServer({}, first);
    await expect(again).rejects.toThrow(ConfigError);
    await expect(again).rejects.toThrow(`SECRET_KEY: is not set, and the key file ${keyFile} used instead is not`);
  });

  it('stops a server whose key file is gone, without making a new one', async () => {
    const first = await start();
    await first.close();
    const keyFile = path.join(first.dataDir, 'secret.key');
    fs.rmSync(keyFile);
    await expect(startTestServer({}, first)).rejects.toThrow(
      `SECRET_KEY: is not set and the key file ${keyFile} is missing, but this database was first started with a key`,
    );
    expect(fs.existsSync(keyFile)).toBe(false);
  });

  it.runIf(onPostgres)('stops a second ROLE=all server on the same PostgreSQL with a key file of its own', async () => {
    const first = await start();
    const dataDir = makeTempDir();
    const second = startTestServer({}, { dataDir, databaseUrl: first.databaseUrl });
    await expect(second).rejects.toThrow(/SECRET_KEY: is not set and the key file .* is missing, but this database/);
    // It made no key file of its own, to be found by its next start.
    expect(fs.existsSync(path.join(dataDir, 'secret.key'))).toBe(false);
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
  });
});
