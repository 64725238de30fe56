import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PLATFORM_KEYS, type Post } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer, connectPlatforms, countPublished, portraitVideo, POST_OPTIONS } from '../../test/crash-harness';
import { startTestEmulator, type TestEmulator } from '../../test/emulator';
import { api, createProject, registerUser } from '../../test/factories';
import { uploadVideo } from '../../test/fixtures';
import { waitUntil } from '../../test/jobs';
import { freePort, spawnServer, type ServerProcess } from '../../test/server-process';
import { freshDatabaseUrl, makeTempDir } from '../../test/test-server';

/**
 * Scaling out: two API processes and two worker processes (the built server, ROLE=api / ROLE=worker) on one
 * PostgreSQL and one media directory, against the platform emulator. Posts are made through both API
 * processes; one worker is SIGKILLed while posts are under way and not started again. The other worker must
 * publish every post, each exactly once.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const PROJECTS = 3;

describe.runIf(onPostgres)('2 API + 2 worker processes, one worker SIGKILLed mid-run', () => {
  let emulator: TestEmulator;
  let bundle: Awaited<ReturnType<typeof bundleServer>>;
  let dataDir: string;
  const processes: ServerProcess[] = [];
  const apis: { url: string }[] = [];
  let workers: ServerProcess[] = [];

  beforeAll(async () => {
    emulator = await startTestEmulator();
    dataDir = makeTempDir('fanout-scale-');
    const databaseUrl = (await freshDatabaseUrl())!;
    bundle = await bundleServer();
    const shared = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      EMULATOR_URL: emulator.url,
      SECRET_KEY: randomBytes(32).toString('hex'),
      // The dead worker's posts are taken over once their lease runs out.
      PUBLISH_LEASE_SECONDS: '3',
      PUBLISH_RETRY_BASE_MS: '500',
    };
    // The first API process migrates the database; the others start on it.
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const child = spawnServer({ ...shared, ROLE: 'api', PORT: String(port) }, { bundle: bundle.entry });
      processes.push(child);
      await child.logged('Fanout is up');
      apis.push({ url: `http://127.0.0.1:${port}` });
    }
    workers = [0, 1].map(() => spawnServer({ ...shared, ROLE: 'worker', PORT: '0' }, { bundle: bundle.entry }));
    processes.push(...workers);
    await Promise.all(workers.map((w) => w.logged('Fanout worker is up (no HTTP)')));
  }, 90_000);

  afterAll(async () => {
    for (const child of processes) {
      if (child.child.exitCode !== null || child.child.signalCode !== null) continue;
      child.child.kill('SIGTERM');
      const stopped = await Promise.race([
        child.exited.then(() => true),
        new Promise((resolve) => setTimeout(resolve, 10_000, false)),
      ]);
      if (!stopped) child.child.kill('SIGKILL');
    }
    await emulator?.stop();
    bundle?.remove();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('publishes every post made through either API process exactly once', async () => {
    const [a, b] = apis as [{ url: string }, { url: string }];
    const { token } = await registerUser(a);
    const markers: string[] = [];
    const posts: { id: number; via: { url: string } }[] = [];
    const video = portraitVideo();
    // Each project's connections are its own (no per-account limit shared); its video is uploaded through
    // one API process and its posts made through the other.
    const projects = [];
    for (let p = 0; p < PROJECTS; p++) {
      const via = p % 2 ? b : a;
      const project = await createProject(via, token, { name: `Channel ${p}` });
      await connectPlatforms(via, token, project.id, PLATFORM_KEYS);
      const uploaded = await uploadVideo(p % 2 ? a : b, token, {
        file: video,
        projectId: project.id,
        title: `Clip ${p}`,
      });
      expect(uploaded.status).toBe(201);
      projects.push({ via, videoId: uploaded.body.video.id as number });
    }
    const due = new Date(Date.now() + 2000).toISOString();
    for (const [p, { via, videoId }] of projects.entries()) {
      const targets = PLATFORM_KEYS.map((platform) => {
        const marker = `(scale ${p}-${platform})`;
        markers.push(marker);
        return { platform, caption: `Scale test ${marker}`, options: POST_OPTIONS[platform] };
      });
      const created = await api(via, token).post<{ posts: Post[] }>(`/api/videos/${videoId}/posts`, {
        targets,
        scheduledAt: due,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      posts.push(...created.body.posts.map((post) => ({ id: post.id, via })));
    }

    // Mid-run: once the first post is live, some are under way; the first worker dies then.
    await waitUntil(async () => (await countLive(emulator)) > 0, 'a first post to be published', 60_000);
    workers[0]!.child.kill('SIGKILL');
    await workers[0]!.exited;

    // Every post ends; an unconfirmed one (its create was cut off without an answer) is retried, as its
    // message asks a person to do once they checked the platform.
    const as = (via: { url: string }) => api(via, token);
    await waitUntil(
      async () => {
        let ended = true;
        for (const post of posts) {
          const { body } = await as(post.via).get<{ post: Post }>(`/api/posts/${post.id}`);
          if (body.post.status === 'unconfirmed') await as(post.via).post(`/api/posts/${post.id}/retry`);
          if (!['published', 'failed', 'cancelled'].includes(body.post.status)) ended = false;
        }
        return ended;
      },
      'every post to end',
      // A dead worker's posts are taken over by the sweep, which runs each minute once their lease is out.
      150_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${workers[1]!.output().slice(-4000)}`);
    });

    const statuses = await Promise.all(
      posts.map(async (post) => (await as(post.via).get<{ post: Post }>(`/api/posts/${post.id}`)).body.post.status),
    );
    expect(
      statuses.every((s) => s === 'published'),
      statuses.join(', '),
    ).toBe(true);
    const counts = await countPublished(emulator, markers);
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    expect(workers[1]!.child.exitCode).toBeNull();
  }, 270_000);
});

async function countLive(emulator: { url: string }): Promise<number> {
  const res = await fetch(`${emulator.url}/_control/published`);
  return ((await res.json()) as { items: unknown[] }).items.length;
}
