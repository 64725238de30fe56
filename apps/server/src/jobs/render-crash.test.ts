import fs from 'node:fs';
import path from 'node:path';
import type { Rendition } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip } from '../../test/clips';
import { connectPlatforms, startKillableServer, type KillableServer } from '../../test/crash-harness';
import { api, createProject, registerUser, type ApiClient } from '../../test/factories';
import { uploadVideo } from '../../test/fixtures';
import { waitUntil } from '../../test/jobs';
import { makeTempDir } from '../../test/test-server';

/**
 * A render survives the death of its process: the process rendering a copy is SIGKILLed mid-render (ffmpeg's
 * progress already written), then started again on the same data. The copy must end ready, rendered again from
 * the start, with nothing of the first try left in storage. On the embedded database the whole process
 * (ROLE=all) dies and its start lets go of the render at once; on PostgreSQL the worker dies while an API
 * process stays up, and the render starts again once its lease runs out.
 */
const onPostgres = process.env.TEST_DB === 'postgres';

describe(`a render survives a SIGKILL (${onPostgres ? 'ROLE=worker on PostgreSQL' : 'ROLE=all on the embedded database'})`, () => {
  let server: KillableServer;
  let as: ApiClient;
  let token: string;
  let clipDir: string;

  beforeAll(async () => {
    clipDir = makeTempDir('fanout-render-crash-');
    server = await startKillableServer({ ...(onPostgres ? { RENDER_LEASE_SECONDS: '2' } : {}) });
    ({ token } = await registerUser(server));
    as = api(server, token);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(clipDir, { recursive: true, force: true });
  });

  const renditionOf = async (videoId: number, id: number) =>
    ((await as.get(`/api/videos/${videoId}/renditions`)).body.renditions as Rendition[]).find((r) => r.id === id);

  it('renders the copy again after the kill and ends ready, with one stored copy', async () => {
    const project = await createProject(server, token);
    await connectPlatforms(server, token, project.id, ['facebook']);
    // Long enough that the kill lands mid-render: 8 s of 1280×720, made a 720×1280 Reel over a blurred copy.
    const clip = makeClip(path.join(clipDir, 'landscape.mp4'), '1280x720', 8);
    const uploaded = await uploadVideo(server, token, { file: clip, projectId: project.id });
    expect(uploaded.status).toBe(201);
    const videoId = uploaded.body.video.id as number;
    const connections = (await as.get(`/api/connections?project_id=${project.id}`)).body.connections as {
      id: number;
    }[];
    const asked = await as.post(`/api/videos/${videoId}/renditions`, {
      connectionId: connections[0]!.id,
      options: { kind: 'reel' },
    });
    expect(asked.status).toBe(202);
    const id = asked.body.rendition.id as number;

    let before: Rendition | undefined;
    await waitUntil(
      async () => {
        before = await renditionOf(videoId, id);
        return before?.status === 'rendering' && before.progress > 0;
      },
      'the render to be under way',
      60_000,
    );
    expect(before!.progress).toBeLessThan(1);
    await server.kill();
    await server.restart();

    let after: Rendition | undefined;
    await waitUntil(
      async () => {
        after = await renditionOf(videoId, id);
        return after?.status === 'ready' || after?.status === 'failed';
      },
      'the render to end after the restart',
      120_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}: ${JSON.stringify(after)}\n${server.output().slice(-4000)}`);
    });
    expect(after).toMatchObject({ status: 'ready', progress: 1, error: null, width: 720, height: 1280, fps: 30 });
    expect(after!.durationMs).toBeGreaterThan(7900);
    // The video, its thumbnail and one copy: the first try's output never reached the storage.
    const stored = fs.readdirSync(path.join(server.dataDir, 'media')).filter((n) => n.endsWith('.mp4'));
    expect(stored).toHaveLength(2);
    expect(stored).toContain(after!.url!.split('/').pop());
  }, 240_000);
});
