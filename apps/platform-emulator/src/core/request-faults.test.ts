import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { instagram } from '../platforms/instagram';
import { bearer, graph, longToken } from '../platforms/instagram/ig-test-support';
import { form, published, startMeta, videoBytes } from '../platforms/meta/meta-test-support';
import type { PlatformModule } from './context';
import { json } from './http';
import { startEmulator, type RunningEmulator } from './server';
import { armFault } from './test-support';

/** A platform of one host: `POST /items` creates an item (step `create`), `GET /items` lists them (`list`). */
const notes: PlatformModule = {
  platform: 'tiktok',
  name: 'Notes',
  errors: {
    rateLimit: () => json(429, { error: 'slow down' }),
    serverError: () => json(500, { error: 'internal' }),
    tokenExpired: () => json(401, { error: 'expired' }),
    reject: (message) => json(400, { error: message }),
  },
  register(api, ctx) {
    const items = ctx.store.collection<{ id: string; text: string }>('notes.items');
    api.route('POST', 'notes.test', '/items', 'create', async (req) => {
      const { text } = (await req.json()) as { text: string };
      return json(201, items.set(randomUUID(), { id: randomUUID(), text }));
    });
    api.route('GET', 'notes.test', '/items', 'list', () => json(200, { items: items.values().map((i) => i.text) }));
  },
};

let emu: RunningEmulator | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await emu?.close();
  emu = undefined;
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-emu-faults-'))) {
  dirs.push(dataDir);
  emu = await startEmulator({ dataDir, modules: [notes] });
  return { emu, dataDir };
}

const create = (text: string, signal?: AbortSignal) =>
  fetch(`${emu!.url}/notes.test/items`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
    signal,
  });
const listed = async () => ((await (await fetch(`${emu!.url}/notes.test/items`)).json()) as { items: string[] }).items;
const held = async () => ((await (await fetch(`${emu!.url}/_control/held`)).json()) as { items: object[] }).items;
const faults = async () => ((await (await fetch(`${emu!.url}/_control/faults`)).json()) as { items: object[] }).items;

describe('hang_after: the request takes effect, then no answer', () => {
  it('keeps what the request did, on disk, while its client waits for an answer that never comes', async () => {
    const { dataDir } = await start();
    await armFault(emu!.url, 'tiktok', { kind: 'hang_after', step: 'create' });

    const controller = new AbortController();
    const answered = create('first', controller.signal).then(
      (res) => res.status,
      () => 'no answer',
    );
    // The fault is used up the moment the request arrives; once the item exists, the request is held.
    await waitFor(async () => (await held()).length === 1);
    expect(await held()).toEqual([expect.objectContaining({ platform: 'tiktok', step: 'create', kind: 'hang_after' })]);
    expect(await faults()).toEqual([]);
    expect(await listed()).toEqual(['first']);
    expect(fs.readFileSync(path.join(dataDir, 'state.json'), 'utf8')).toContain('"first"');
    expect(await Promise.race([answered, sleep(300).then(() => 'still waiting')])).toBe('still waiting');
    controller.abort();
    expect(await answered).toBe('no answer');
    await waitFor(async () => (await held()).length === 0);

    // A restart (or a SIGKILL of the emulator) keeps it: it was written before the client was kept waiting.
    await emu!.close();
    emu = await startEmulator({ dataDir, modules: [notes] });
    expect(await listed()).toEqual(['first']);
    // The next request is answered as usual.
    expect((await create('second')).status).toBe(201);
    expect(await listed()).toEqual(['first', 'second']);
  });

  it('with delayMs, sends the request’s own answer late', async () => {
    await start();
    await armFault(emu!.url, 'tiktok', { kind: 'hang_after', step: 'create', delayMs: 250 });
    const started = Date.now();
    const res = await create('late');
    expect(res.status).toBe(201);
    expect(((await res.json()) as { text: string }).text).toBe('late');
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('applies to the step named only: other steps are answered at once', async () => {
    await start();
    await armFault(emu!.url, 'tiktok', { kind: 'hang_after', step: 'create' });
    expect(await listed()).toEqual([]);
    expect(await faults()).toHaveLength(1);
  });
});

describe('hang: no effect and no answer', () => {
  it('holds the request before it takes effect', async () => {
    await start();
    await armFault(emu!.url, 'tiktok', { kind: 'hang', step: 'create' });
    const controller = new AbortController();
    const answered = create('never', controller.signal).catch(() => 'no answer');
    await waitFor(async () => (await held()).length === 1);
    expect(await held()).toEqual([expect.objectContaining({ platform: 'tiktok', step: 'create', kind: 'hang' })]);
    expect(await listed()).toEqual([]);
    controller.abort();
    expect(await answered).toBe('no answer');
    expect(await listed()).toEqual([]);
  });

  it('lets a held request go once its client is gone, however much of its body was never read', async () => {
    await start();
    await armFault(emu!.url, 'tiktok', { kind: 'hang', step: 'create' });
    const client = http.request(`${emu!.url}/notes.test/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    client.on('error', () => {});
    client.end(Buffer.alloc(8 * 1024 * 1024, 0x20));
    await waitFor(async () => (await held()).length === 1);
    // The client dies: its connection closes with the emulator's buffers still full of its body.
    client.destroy();
    await waitFor(async () => (await held()).length === 0);
  });

  it('lets held requests go when the emulator closes', async () => {
    await start();
    await armFault(emu!.url, 'tiktok', { kind: 'hang', step: 'create' });
    await armFault(emu!.url, 'tiktok', { kind: 'hang_after', step: 'list' });
    const held = [create('x').catch(() => 'closed'), fetch(`${emu!.url}/notes.test/items`).catch(() => 'closed')];
    await waitFor(async () => (await faults()).length === 0);
    const closing = Date.now();
    await emu!.close();
    emu = undefined;
    expect(await Promise.all(held)).toEqual(['closed', 'closed']);
    expect(Date.now() - closing).toBeLessThan(2000);
  });
});

describe('the control API', () => {
  it('takes hang_after and refuses an unknown kind, naming the field', async () => {
    await start();
    const bad = await fetch(`${emu!.url}/_control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ platform: 'tiktok', kind: 'hang_later' }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^kind: /);
    await armFault(emu!.url, 'tiktok', { kind: 'hang_after', step: 'create', times: 2, delayMs: 10 });
    expect(await faults()).toEqual([
      expect.objectContaining({ platform: 'tiktok', kind: 'hang_after', step: 'create', times: 2, delayMs: 10 }),
    ]);
  });

  it('GET /_control/steps counts the requests each step received, until a reset', async () => {
    await start();
    await create('a');
    await create('b');
    await listed();
    const steps = async () => ((await (await fetch(`${emu!.url}/_control/steps`)).json()) as { items: object[] }).items;
    expect(await steps()).toEqual([
      { platform: 'tiktok', step: 'create', requests: 2 },
      { platform: 'tiktok', step: 'list', requests: 1 },
    ]);
    expect((await fetch(`${emu!.url}/_control/reset`, { method: 'POST' })).status).toBe(200);
    expect(await steps()).toEqual([]);
  });
});

describe('hang_after on a real platform (Instagram)', () => {
  it('publishes the post whose media_publish answer was lost; the look-up and /_control/published show it', async () => {
    const t = await startMeta([instagram]);
    try {
      const token = await longToken(t);
      const USER = '1784140012345678';
      const headers = { ...form({}).headers, ...bearer(token) };
      const c = await t.call('POST', graph(t, `/${USER}/media`), {
        ...form({ media_type: 'REELS', upload_type: 'resumable', caption: 'Lost answer' }),
        headers,
      });
      const bytes = videoBytes(20_000);
      await t.call('POST', c.body.uri, {
        headers: { authorization: `OAuth ${token}`, offset: '0', file_size: String(bytes.length) },
        body: bytes,
      });
      // The status poll goes through the Graph node route's own step, `status`: held, then its own answer.
      await armFault(t.emu.url, 'instagram', { kind: 'hang_after', step: 'status', delayMs: 100 });
      for (let i = 0; i < 10; i++) {
        const s = await t.call('GET', graph(t, `/${c.body.id}?fields=status_code`), { headers: bearer(token) });
        expect(s.status).toBe(200);
        if (s.body.status_code === 'FINISHED') break;
      }

      await armFault(t.emu.url, 'instagram', { kind: 'hang_after', step: 'create' });
      const lost = await fetch(graph(t, `/${USER}/media_publish?creation_id=${c.body.id}`), {
        method: 'POST',
        headers: bearer(token),
        signal: AbortSignal.timeout(500),
      }).catch(() => 'no answer');
      expect(lost).toBe('no answer');

      expect((await published(t)).map((p) => p.caption)).toEqual(['Lost answer']);
      const media = await t.call('GET', graph(t, `/${USER}/media?fields=id,caption`), { headers: bearer(token) });
      expect(media.body.data.map((m: { caption: string }) => m.caption)).toEqual(['Lost answer']);
    } finally {
      await t.stop();
    }
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(20);
  }
}
