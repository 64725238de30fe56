import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from './server';

let emu: RunningEmulator | undefined;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emu-media-'));
afterEach(async () => {
  await emu?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('serves a stored video as it is stored, with its length, for a post page’s player', async () => {
  emu = await startEmulator({ dataDir: dir, modules: [] });
  const video = randomBytes(3 * 1024 * 1024 + 11);
  emu.ctx.store.writeBlob('clip', 0, video);
  const res = await fetch(emu.ctx.mediaUrl('clip'));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('video/mp4');
  expect(res.headers.get('content-length')).toBe(String(video.length));
  expect(Buffer.from(await res.arrayBuffer()).equals(video)).toBe(true);
  expect((await fetch(emu.ctx.mediaUrl('none'))).status).toBe(404);
});
