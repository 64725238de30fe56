import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip } from '../../../apps/server/test/clips';
import { ownerWithConnections } from '../../../apps/server/test/connections';
import { makeTempDir, startTestServer, stopTestServer, type TestServer } from '../../../apps/server/test/test-server';
import { spawnCli } from './cli-process';
import { startHoldingProxy } from './holding-proxy';

/**
 * The command line as a person runs it: a process of its own against a real server whose sandbox platforms
 * are the emulator, logged in with a personal API token, its upload stopped by Ctrl-C and by a kill and
 * resumed, its posts scheduled and listed, its refusals and a bad token answered with their exit codes.
 */
describe('fanout command line against a real server', () => {
  let server: TestServer;
  let proxy: Awaited<ReturnType<typeof startHoldingProxy>>;
  let home: string;
  let clip: string;
  let owner: Awaited<ReturnType<typeof ownerWithConnections>>;
  let apiToken: string;
  let videoId: number;
  const CHUNK = 16 * 1024;

  beforeAll(async () => {
    server = await startTestServer();
    proxy = await startHoldingProxy(server.url);
    home = makeTempDir('fanout-cli-home-');
    clip = makeClip(path.join(home, 'launch.mp4'), '640x360', 4);
    owner = await ownerWithConnections(server, ['tiktok', 'youtube']);
    const created = await owner.as.post('/api/auth/tokens', { name: 'cli', scopes: ['read', 'write'] });
    apiToken = created.body.secret as string;
  });
  afterAll(async () => {
    await proxy?.close();
    await stopTestServer(server);
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  const cli = (argv: string[], env: Record<string, string> = {}, stdin?: string) =>
    spawnCli(argv, { HOME: home, ...env }, stdin);

  it('logs in with the server and token typed at its questions, and keeps them readable by the owner only', async () => {
    const { code, stderr } = await cli(['login'], {}, `${proxy.url}\n${apiToken}\n`).done;
    expect(stderr).toContain('Personal API token');
    expect(code).toBe(0);
    const file = path.join(home, '.config/fanout/config.json');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ url: proxy.url, token: apiToken });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a wrong token at login (exit 3) and keeps the working login', async () => {
    const { code, stderr } = await cli(['login', '--url', server.url, '--token', 'fo_not-a-real-token']).done;
    expect(code).toBe(3);
    expect(stderr).toMatch(/\(\w+\)/);
    const stored = JSON.parse(fs.readFileSync(path.join(home, '.config/fanout/config.json'), 'utf8'));
    expect(stored.token).toBe(apiToken);
  });

  it('stopped by Ctrl-C and then killed mid-upload, resumes from what the server has and makes one video', async () => {
    const size = fs.statSync(clip).size;
    expect(size).toBeGreaterThan(4 * CHUNK);
    const args = ['upload', clip, '--project', String(owner.projectId), '--chunk-size', String(CHUNK)];

    // Ctrl-C while the second chunk is on its way: the first is on the server.
    let held = proxy.holdAfter(1);
    const first = cli(args);
    await held;
    first.child.kill('SIGINT');
    const stopped = await first.done;
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toContain('run the same command again to resume');

    // Killed outright while its second chunk is on its way: it resumed at the first chunk's end.
    held = proxy.holdAfter(1);
    const second = cli(args);
    await held;
    second.child.kill('SIGKILL');
    expect((await second.done).signal).toBe('SIGKILL');
    expect(proxy.patchOffsets).toEqual([0, CHUNK, CHUNK, 2 * CHUNK]);

    proxy.release();
    const third = await cli([...args, '--json']).done;
    expect(third.code).toBe(0);
    const [result] = JSON.parse(third.stdout).videos;
    expect(result.resumedFrom).toBe(2 * CHUNK);
    expect(proxy.patchOffsets[4]).toBe(2 * CHUNK);
    expect(third.stderr).toContain(`${size} of ${size} bytes (100%)`);
    videoId = result.video.id;
    const videos = (await owner.as.get(`/api/videos?project_id=${owner.projectId}`)).body as { id: number }[];
    expect(videos.map((v) => v.id)).toEqual([videoId]);
  });

  it('schedules the video on two sandbox platforms at a local time and lists the posts', async () => {
    // 09:00 in Paris in March is 08:00 UTC: the time is read in the person's zone, not the machine's or UTC.
    expect((await owner.as.patch('/api/auth/me', { timeZone: 'Europe/Paris' })).status).toBe(200);
    const tiktok = (await owner.as.get(`/api/connections?project_id=${owner.projectId}`)).body.connections.find(
      (c: { platform: string }) => c.platform === 'tiktok',
    );
    const posted = await cli([
      'post',
      String(videoId),
      '--to',
      `tiktok:@${tiktok.accountName},youtube`,
      '--option',
      'tiktok.privacyLevel=SELF_ONLY',
      '--at',
      '2027-03-01 09:00',
      '--json',
    ]).done;
    expect(posted.stderr).toBe('');
    expect(posted.code).toBe(0);
    const { posts } = JSON.parse(posted.stdout);
    expect(posts.map((p: { platform: string }) => p.platform).sort()).toEqual(['tiktok', 'youtube']);
    for (const post of posts) expect(new Date(post.scheduledAt).toISOString()).toBe('2027-03-01T08:00:00.000Z');
    expect(posts.find((p: { platform: string }) => p.platform === 'tiktok').options.privacyLevel).toBe('SELF_ONLY');

    const listed = await cli(['posts', '--status', 'scheduled', '--project', String(owner.projectId)]).done;
    expect(listed.code).toBe(0);
    for (const post of posts) expect(listed.stdout).toContain(`#${post.id} ${post.platform}`);
    const failed = await cli(['posts', '--status', 'failed', '--project', String(owner.projectId), '--json']).done;
    expect(JSON.parse(failed.stdout).posts).toEqual([]);
  });

  it('a post that breaks a platform rule exits 4 with the rule in words', async () => {
    const refused = await cli(['post', String(videoId), '--to', 'tiktok', '--option', 'tiktok.privacyLevel=NOBODY'])
      .done;
    expect(refused.stderr).toContain('(validation_failed)');
    expect(refused.stderr).toMatch(/^ {2}tiktok: .*privacy level.*"NOBODY".* \(options\.\w+\)$/m);
    expect(refused.code).toBe(4);
  });

  it('retrying a post that has not failed is refused by the server (exit 4) with its code', async () => {
    const [scheduled] = JSON.parse(
      (await cli(['posts', '--project', String(owner.projectId), '--json']).done).stdout,
    ).posts;
    const refused = await cli(['retry', String(scheduled.id), '--json']).done;
    expect(refused.code).toBe(4);
    expect(JSON.parse(refused.stdout)).toMatchObject({ exitCode: 4, code: expect.any(String) });
    expect(refused.stderr).toMatch(/^fanout: .+ \(\w+\)$/m);
  });

  it('a bad token exits 3, FANOUT_TOKEN overriding the stored one', async () => {
    const { code, stderr } = await cli(['posts'], { FANOUT_TOKEN: 'fo_revoked' }).done;
    expect(stderr).toMatch(/^fanout: .+\(\w+\)/);
    expect(code).toBe(3);
  });
});
