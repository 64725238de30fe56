import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FitStep, Rendition, VideoCaption } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip } from '../../../test/clips';
import { ownerWithConnections } from '../../../test/connections';
import { authHeaders, type ApiClient } from '../../../test/factories';
import { uploadVideo } from '../../../test/fixtures';
import { waitUntil } from '../../../test/jobs';
import { makeTempDir, startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { resolveBinaries } from '../../media/binaries';
import { findRendition } from '../../repositories/renditions.repository';
import { burnedCaptionsFile } from './burn-captions';

const REEL = { options: { kind: 'reel' } };
/** Renders run at a low priority (nice 10): on a busy machine a 3 s copy may take a while. */
const RENDER_WAIT_MS = 60_000;
const SRT = '1\n00:00:00,000 --> 00:00:02,500\nBURNED IN\n';

describe('captions burned into a fitting copy (burnCaptions)', () => {
  let server: TestServer;
  let dir: string;
  let clip: string;
  beforeAll(async () => {
    dir = makeTempDir('fanout-burn-clip-');
    clip = makeClip(path.join(dir, 'landscape.mp4'), '640x360', 3, undefined, ['-movflags', '+faststart']);
    server = await startTestServer();
  });
  afterAll(async () => {
    await stopTestServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function untilReady(as: ApiClient, videoId: number, id: number): Promise<Rendition> {
    let found: Rendition | undefined;
    await waitUntil(
      async () => {
        const all = (await as.get(`/api/videos/${videoId}/renditions`)).body.renditions as Rendition[];
        found = all.find((r) => r.id === id);
        return found?.status === 'ready' || found?.status === 'failed';
      },
      `rendition ${id} to be rendered`,
      RENDER_WAIT_MS,
    );
    return found!;
  }

  /** The MD5 of the copy's decoded frame at 0.5 s, read from the API. */
  async function frameHash(token: string, id: number): Promise<string> {
    const res = await fetch(`${server.url}/api/renditions/${id}/file`, { headers: authHeaders(token) });
    const file = path.join(dir, `copy-${id}.mp4`);
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const { ffmpeg } = resolveBinaries({});
    return execFileSync(ffmpeg, ['-v', 'error', '-ss', '0.5', '-i', file, '-frames:v', '1', '-f', 'md5', '-'], {
      encoding: 'utf8',
    }).trim();
  }

  it('draws the track into its own copy, named by the track: the same track answers the same copy', async () => {
    const owner = await ownerWithConnections(server, ['facebook', 'x']);
    const uploaded = await uploadVideo(server, owner.token, { file: clip, projectId: owner.projectId });
    const videoId = uploaded.body.video.id as number;
    const put = await fetch(`${server.url}/api/videos/${videoId}/captions/en`, {
      method: 'PUT',
      headers: { ...authHeaders(owner.token), 'content-type': 'text/plain' },
      body: SRT,
    });
    const caption = ((await put.json()) as { caption: VideoCaption }).caption;
    const captionId = caption.id;
    const url = `/api/videos/${videoId}/renditions`;

    const plain = await owner.as.post(url, { connectionId: owner.ids.facebook, ...REEL });
    const burned = await owner.as.post(url, { connectionId: owner.ids.facebook, ...REEL, burnCaptions: captionId });
    expect(burned.status).toBe(202);
    expect(burned.body.rendition.id).not.toBe(plain.body.rendition.id);
    const again = await owner.as.post(url, { connectionId: owner.ids.facebook, ...REEL, burnCaptions: captionId });
    expect(again).toMatchObject({ status: 200, body: { rendition: { id: burned.body.rendition.id } } });
    // The copy says which track it burns, as the track was: the composer tells a burned copy from a plain one.
    expect(plain.body.rendition.burnedCaptions).toBeNull();
    expect(burned.body.rendition.burnedCaptions).toEqual({ captionId, language: 'en', uploadedAt: caption.uploadedAt });

    const plainReady = await untilReady(owner.as, videoId, plain.body.rendition.id);
    const burnedReady = await untilReady(owner.as, videoId, burned.body.rendition.id);
    expect([plainReady.status, burnedReady.status]).toEqual(['ready', 'ready']);
    expect(await frameHash(owner.token, burnedReady.id)).not.toBe(await frameHash(owner.token, plainReady.id));

    expect(
      await owner.as.post(url, { connectionId: owner.ids.facebook, ...REEL, burnCaptions: captionId + 1000 }),
    ).toMatchObject({ status: 400, body: { code: 'unknown_caption' } });

    // A new file for the language keeps the track's id, and names another copy, which says the newer file.
    const replaced = await fetch(`${server.url}/api/videos/${videoId}/captions/en`, {
      method: 'PUT',
      headers: { ...authHeaders(owner.token), 'content-type': 'text/plain' },
      body: SRT.replace('BURNED IN', 'SAID AGAIN'),
    });
    const newer = ((await replaced.json()) as { caption: VideoCaption }).caption;
    expect(newer.id).toBe(captionId);
    expect(newer.uploadedAt).not.toBe(caption.uploadedAt);
    const remade = await owner.as.post(url, { connectionId: owner.ids.facebook, ...REEL, burnCaptions: captionId });
    expect(remade.status).toBe(202);
    expect(remade.body.rendition.id).not.toBe(burnedReady.id);
    expect(remade.body.rendition.burnedCaptions).toEqual({ captionId, language: 'en', uploadedAt: newer.uploadedAt });
    await untilReady(owner.as, videoId, remade.body.rendition.id);
    // The older copy, rendered again (a restart mid-render), never takes the newer text under the older name.
    const older = await findRendition(server.ctx.db, burnedReady.id);
    await expect(burnedCaptionsFile(server.ctx, older!, older!.steps as FitStep[])).rejects.toThrow(/replaced/);
  }, 240_000);

  it('burns a track into a copy of a video that fits its target as it is: a vertical clip for TikTok', async () => {
    const owner = await ownerWithConnections(server, ['tiktok']);
    const vertical = makeClip(path.join(dir, 'vertical.mp4'), '540x960', 3, undefined, ['-movflags', '+faststart']);
    const uploaded = await uploadVideo(server, owner.token, { file: vertical, projectId: owner.projectId });
    const videoId = uploaded.body.video.id as number;
    const target = { connectionId: owner.ids.tiktok, options: {} };
    expect((await owner.as.post(`/api/videos/${videoId}/fit`, target)).body.plan.steps).toEqual([]);
    const put = await fetch(`${server.url}/api/videos/${videoId}/captions/en`, {
      method: 'PUT',
      headers: { ...authHeaders(owner.token), 'content-type': 'text/plain' },
      body: SRT,
    });
    const captionId = ((await put.json()) as { caption: VideoCaption }).caption.id;
    // With the track, the plan re-encodes at the clip's own size, and the copy is made.
    const planned = await owner.as.post(`/api/videos/${videoId}/fit`, { ...target, burnCaptions: captionId });
    expect(planned.body.fits).toBe(true);
    expect(planned.body.plan.steps.map((s: { kind: string }) => s.kind)).toEqual(['transcode']);
    expect(planned.body.plan.output).toMatchObject({ width: 540, height: 960, videoCodec: 'h264' });
    const made = await owner.as.post(`/api/videos/${videoId}/renditions`, { ...target, burnCaptions: captionId });
    expect(made.status, JSON.stringify(made.body)).toBe(202);
    const ready = await untilReady(owner.as, videoId, made.body.rendition.id);
    expect(ready).toMatchObject({ status: 'ready', width: 540, height: 960, burnedCaptions: { language: 'en' } });
    // Without the track there is still nothing to make.
    expect((await owner.as.post(`/api/videos/${videoId}/renditions`, target)).body.code).toBe('video_already_fits');
  }, 240_000);
});
