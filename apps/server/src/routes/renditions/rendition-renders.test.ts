import fs from 'node:fs';
import path from 'node:path';
import type { Rendition } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip } from '../../../test/clips';
import { openEvents } from '../../../test/event-stream';
import { ownerWithConnections } from '../../../test/connections';
import type { ApiClient } from '../../../test/factories';
import { uploadVideo } from '../../../test/fixtures';
import { waitUntil } from '../../../test/jobs';
import { makeTempDir, startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

/** The ffmpeg processes whose command line names this directory (the server's temp dir: its renders' outputs). */
function rendersWritingTo(dir: string): number {
  let count = 0;
  for (const pid of fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    const cmdline = (() => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        return '';
      }
    })();
    if (cmdline.includes('ffmpeg') && cmdline.includes(dir)) count++;
  }
  return count;
}

describe('renders under way: progress, stopping, failing', () => {
  let server: TestServer;
  let clipDir: string;
  let longClip: string;
  beforeAll(async () => {
    clipDir = makeTempDir('fanout-rendition-renders-');
    // 30 s of 1280×720 made a 720×1280 Reel over a blurred copy: long enough to watch, and a render left to run
    // to its end would outlast the waits below, so a render that was not stopped fails them.
    longClip = makeClip(path.join(clipDir, 'long.mp4'), '1280x720', 30);
    server = await startTestServer();
  });
  const streams: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const stream of streams) await stream.close();
    await stopTestServer(server);
    fs.rmSync(clipDir, { recursive: true, force: true });
  });

  async function reelUnderWay() {
    const owner = await ownerWithConnections(server, ['facebook']);
    const live = await openEvents(server, owner.token);
    streams.push(live);
    const uploaded = await uploadVideo(server, owner.token, { file: longClip, projectId: owner.projectId });
    const videoId = uploaded.body.video.id as number;
    const asked = await owner.as.post(`/api/videos/${videoId}/renditions`, {
      connectionId: owner.ids.facebook,
      options: { kind: 'reel' },
    });
    expect(asked.status).toBe(202);
    const id = asked.body.rendition.id as number;
    let seen: Rendition | undefined;
    await waitUntil(async () => {
      seen = await renditionOf(owner.as, videoId, id);
      return seen?.status === 'rendering' && seen.progress > 0;
    }, 'the render to be under way');
    return { ...owner, videoId, id, seen: seen!, live };
  }

  const renditionOf = async (as: ApiClient, videoId: number, id: number) =>
    ((await as.get(`/api/videos/${videoId}/renditions`)).body.renditions as Rendition[]).find((r) => r.id === id);
  const storedFiles = () => fs.readdirSync(server.ctx.config.mediaDir).sort();

  it("shows ffmpeg's progress while it renders, live too, and stops ffmpeg when the copy is deleted", async () => {
    const under = await reelUnderWay();
    expect(under.seen.progress).toBeLessThan(1);
    const ofThis = () => under.live.events.filter((e) => e.event === 'rendition' && e.data.rendition.id === under.id);
    await waitUntil(
      () => ofThis().some((e) => e.data.rendition.status === 'rendering' && e.data.rendition.progress > 0),
      'the live stream to show the progress',
    );
    const filesBefore = storedFiles();
    expect(rendersWritingTo(server.ctx.config.tmpDir)).toBe(1);
    expect((await under.as.delete(`/api/renditions/${under.id}`)).status).toBe(204);
    await waitUntil(() => rendersWritingTo(server.ctx.config.tmpDir) === 0, 'ffmpeg to be stopped');
    await waitUntil(
      () => fs.readdirSync(server.ctx.config.tmpDir).filter((n) => n.endsWith('.mp4')).length === 0,
      'the partial copy to be removed',
    );
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('stops the render when its video is deleted, and keeps nothing of either', async () => {
    const under = await reelUnderWay();
    expect((await under.as.delete(`/api/videos/${under.videoId}`)).status).toBe(200);
    await waitUntil(() => rendersWritingTo(server.ctx.config.tmpDir) === 0, 'ffmpeg to be stopped');
    await waitUntil(
      () => fs.readdirSync(server.ctx.config.tmpDir).filter((n) => n.endsWith('.mp4')).length === 0,
      'the partial copy to be removed',
    );
    const rows = await server.ctx.db.selectFrom('renditions').select('id').where('id', '=', under.id).execute();
    expect(rows).toEqual([]);
  });

  it("fails a copy ffmpeg cannot make with ffmpeg's reason in words, and makes it again when asked", async () => {
    const owner = await ownerWithConnections(server, ['facebook']);
    const short = makeClip(path.join(clipDir, 'short.mp4'), '640x360', 2);
    const uploaded = await uploadVideo(server, owner.token, { file: short, projectId: owner.projectId });
    const video = uploaded.body.video as { id: number; filename: string };
    // The stored file is damaged after it was read: what ffmpeg then meets is no video at all.
    const stored = path.join(server.ctx.config.mediaDir, video.filename);
    const original = fs.readFileSync(stored);
    fs.writeFileSync(stored, 'no longer a video');
    const body = { connectionId: owner.ids.facebook, options: { kind: 'reel' } };
    const asked = await owner.as.post(`/api/videos/${video.id}/renditions`, body);
    let failed: Rendition | undefined;
    await waitUntil(async () => {
      failed = await renditionOf(owner.as, video.id, asked.body.rendition.id);
      return failed?.status === 'failed';
    }, 'the render to fail');
    expect(failed!.error!.code).toBe('render_failed');
    expect(failed!.error!.message).toMatch(/^ffmpeg could not make the copy: .*(invalid data|moov atom not found)/i);
    expect(failed!.url).toBeNull();

    fs.writeFileSync(stored, original);
    const again = await owner.as.post(`/api/videos/${video.id}/renditions`, body);
    expect(again.status).toBe(202);
    expect(again.body.rendition).toMatchObject({ id: failed!.id, status: 'queued', error: null });
    await waitUntil(
      async () => (await renditionOf(owner.as, video.id, failed!.id))?.status === 'ready',
      'the copy to be made the second time',
    );
  });
});
