import { PLATFORM_KEYS, type PlatformKey, type Post } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectPlatforms,
  countPublished,
  portraitVideo,
  POST_OPTIONS,
  startKillableServer,
  type KillableServer,
} from '../../test/crash-harness';
import { control } from '../../test/emulator';
import { api, createProject, registerUser, type ApiClient } from '../../test/factories';
import { uploadVideo } from '../../test/fixtures';
import { waitUntil } from '../../test/jobs';

/**
 * The scheduler's promise under the worst crash: the process publishing a post is SIGKILLed while a request
 * of each step of each platform's flow is in flight, before it took effect (`hang`) and after (`hang_after`:
 * the crash between a request and the commit of its answer), then started again on the same data. On the
 * embedded database the whole process (ROLE=all) dies; on PostgreSQL the worker does, while an API process
 * stays up. Every post must end published exactly once on its platform: none lost, none doubled.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const FAULTS = ['hang', 'hang_after'] as const;
const ENDED = ['published', 'failed', 'cancelled'];

interface CrashPost {
  marker: string;
  platform: PlatformKey;
  postId: number;
  /** Where it was when the process died. */
  crash: string;
}

describe(`publishing survives a SIGKILL at every step (${onPostgres ? 'ROLE=worker on PostgreSQL' : 'ROLE=all on the embedded database'})`, () => {
  let server: KillableServer;
  let token: string;
  let as: ApiClient;
  /** Posts made with an API token in a project that needs approval wait for it (see createPosts). */
  let byToken: ApiClient;
  const posts: CrashPost[] = [];
  const notPublished: string[] = [];
  let retriedUnconfirmed = 0;
  /** Requests in flight at their step when the process died (the others had been given up on before). */
  let heldAtKill = 0;

  beforeAll(async () => {
    server = await startKillableServer({
      // A short lease on PostgreSQL: the restarted worker takes over the dead one's posts once it runs out. (On
      // the embedded database a start lets go of every hold at once.)
      ...(onPostgres ? { PUBLISH_LEASE_SECONDS: '3' } : {}),
      // Every post of a round is under way at once, each held at its step until the process dies.
      PUBLISH_CONCURRENCY: '16',
      PUBLISH_RETRY_BASE_MS: '500',
    });
    ({ token } = await registerUser(server));
    as = api(server, token);
    const made = await as.post<{ secret: string }>('/api/auth/tokens', { name: 'crash test', scopes: ['write'] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    byToken = api(server, made.body.secret);
  }, 60_000);
  afterAll(() => server?.close());

  /**
   * One post per platform, in a project of its own (its own connections and tokens: no per-connection queue
   * or per-token rate window is shared between posts of a round). The project needs approval and the posts are
   * made with an API token, so none starts before `release` approves them all at once: the faults are armed
   * in between. (Armed before the posts exist, they would meet the creator_info that creating a TikTok post
   * reads; armed after posts merely due in a moment, the first project's posts could pass their step before
   * the second project's were made, on a slow machine.)
   */
  async function createPosts(label: string, platforms: readonly PlatformKey[]): Promise<CrashPost[]> {
    const project = await createProject(server, token, { name: `Round ${label}` });
    expect((await as.patch(`/api/projects/${project.id}`, { needsApproval: true })).status).toBe(200);
    await connectPlatforms(server, token, project.id, platforms);
    const uploaded = await uploadVideo(server, token, { file: portraitVideo(), projectId: project.id, title: label });
    expect(uploaded.status).toBe(201);
    const marker = (platform: PlatformKey) => `(${label}-${platform})`;
    const created = await byToken.post<{ posts: Post[] }>(`/api/videos/${uploaded.body.video.id}/posts`, {
      targets: platforms.map((platform) => ({
        platform,
        caption: `Crash test ${marker(platform)}`,
        options: POST_OPTIONS[platform],
      })),
      scheduledAt: new Date(Date.now() + 2000).toISOString(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    for (const p of created.body.posts) expect(p.status).toBe('awaiting_approval');
    const made = created.body.posts.map((p) => ({
      marker: marker(p.platform),
      platform: p.platform,
      postId: p.id,
      crash: 'none',
    }));
    posts.push(...made);
    return made;
  }

  /** Approves the round's posts in one call: every one of them is due, and starts, now. */
  async function release(round: CrashPost[]) {
    const approved = await as.post(`/api/posts/bulk/approve`, { postIds: round.map((p) => p.postId) });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.skipped).toEqual([]);
  }

  const postOf = async (p: CrashPost) => (await as.get<{ post: Post }>(`/api/posts/${p.postId}`)).body.post;

  /**
   * Until every post has ended. An unconfirmed one is retried, as its message asks the person to do once
   * they checked the platform; one that did not end published is noted with its error.
   */
  async function settle(round: CrashPost[], what: string) {
    await waitUntil(
      async () => {
        let ended = true;
        for (const p of round) {
          const post = await postOf(p);
          if (post.status === 'unconfirmed') {
            retriedUnconfirmed += 1;
            expect((await as.post(`/api/posts/${p.postId}/retry`)).status).toBe(200);
          }
          if (!ENDED.includes(post.status)) ended = false;
        }
        return ended;
      },
      what,
      60_000,
    ).catch(async (err: Error) => {
      const states = await Promise.all(round.map(async (p) => ({ ...p, post: await postOf(p) })));
      throw new Error(`${err.message}\n${JSON.stringify(states, null, 1)}\n${server.output().slice(-6000)}`);
    });
    for (const p of round) {
      const post = await postOf(p);
      if (post.status !== 'published')
        notPublished.push(`${p.platform}, ${p.crash}: ${post.status} ${JSON.stringify(post.error)}`);
    }
  }

  it('publishes every post exactly once, whichever step of whichever platform the process died in', async () => {
    // A round without faults: every platform publishes, and the emulator says which steps each platform's
    // flow reached (its requests per step once the posts exist, and once they are published).
    const warmUp = await createPosts('warm-up', PLATFORM_KEYS);
    const atCreation = new Map((await steps(server)).map((s) => [`${s.platform} ${s.step}`, s.requests]));
    await release(warmUp);
    await settle(warmUp, 'the posts of the round without faults');
    const flow = new Map<PlatformKey, string[]>(PLATFORM_KEYS.map((p) => [p, []]));
    for (const s of await steps(server))
      if (s.requests > (atCreation.get(`${s.platform} ${s.step}`) ?? 0))
        flow.get(s.platform as PlatformKey)?.push(s.step);
    for (const platform of PLATFORM_KEYS) expect(flow.get(platform), platform).not.toEqual([]);

    // Round r: for every platform its r-th step, two posts (two projects): one meets `hang` there, the other
    // `hang_after`. Once every fault met its request, the process is killed and started again.
    const rounds = Math.max(...[...flow.values()].map((s) => s.length));
    for (let r = 0; r < rounds; r++) {
      const platforms = PLATFORM_KEYS.filter((p) => flow.get(p)![r] !== undefined);
      const round = [...(await createPosts(`a${r}`, platforms)), ...(await createPosts(`b${r}`, platforms))];
      for (const post of round) post.crash = `hang or hang_after on ${flow.get(post.platform)![r]}`;
      for (const platform of platforms)
        for (const kind of FAULTS)
          await control.fault(server.emulator, { platform, kind, step: flow.get(platform)![r]! });
      await release(round);
      // The process dies once every fault has met its request: the `hang` ones are held before they took
      // effect, the `hang_after` ones after. (A request the server gave up on first, after its own timeout, was
      // settled by the server already — a look-up, a retry — which must be exactly-once too.)
      await waitUntil(
        async () => (await emulatorList(server, 'faults')).length === 0,
        `the requests of round ${r} to reach their steps`,
        90_000,
      ).catch(async (err: Error) => {
        const state = { left: await emulatorList(server, 'faults'), held: await held(server) };
        throw new Error(`${err.message}: ${JSON.stringify(state)}\n${server.output().slice(-4000)}`);
      });
      heldAtKill += (await held(server)).length;
      await server.kill();
      await server.restart();
      await settle(round, `the posts of round ${r} after the kill`);
    }

    const counts = await countPublished(
      server.emulator,
      posts.map((p) => p.marker),
    );
    const duplicates = posts.filter((p) => counts.get(p.marker)! > 1);
    const lost = posts.filter((p) => counts.get(p.marker) === 0);
    console.log(
      `crash test (${server.kind}): ${posts.length} posts, ${server.kills} kills, ${duplicates.length} duplicates, ` +
        `${lost.length} lost, ${retriedUnconfirmed} retries of unconfirmed posts, ${heldAtKill} requests in flight ` +
        `at the kills; steps killed in: ` +
        PLATFORM_KEYS.map((p) => `${p} ${flow.get(p)!.join('/')}`).join(', '),
    );
    expect(notPublished).toEqual([]);
    expect(duplicates).toEqual([]);
    expect(lost).toEqual([]);
  }, 480_000);
});

async function emulatorList<T = { platform: string; step: string; kind: string }>(
  server: KillableServer,
  name: 'faults' | 'held' | 'steps',
): Promise<T[]> {
  const res = await fetch(`${server.emulator.url}/_control/${name}`);
  return ((await res.json()) as { items: T[] }).items;
}

const held = (server: KillableServer) => emulatorList(server, 'held');
const steps = (server: KillableServer) =>
  emulatorList<{ platform: string; step: string; requests: number }>(server, 'steps');
