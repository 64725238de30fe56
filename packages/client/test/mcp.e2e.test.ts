import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip } from '../../../apps/server/test/clips';
import { connectAccount, ownerWithConnections } from '../../../apps/server/test/connections';
import { createProject } from '../../../apps/server/test/factories';
import { uploadVideo } from '../../../apps/server/test/fixtures';
import { waitUntil } from '../../../apps/server/test/jobs';
import { makeTempDir, startTestServer, stopTestServer, type TestServer } from '../../../apps/server/test/test-server';

const cliMain = path.resolve(import.meta.dirname, '../src/cli/main.ts');

interface Post {
  id: number;
  platform: string;
  status: string;
  url: string | null;
  scheduledAt: string;
}

/**
 * The MCP server as an assistant meets it: the SDK's own client over Streamable HTTP at /mcp and over stdio
 * (`fanout mcp` as a process of its own), against a real server whose sandbox platforms are the emulator.
 */
describe('the MCP server, over Streamable HTTP and over stdio', { timeout: 180_000 }, () => {
  let server: TestServer;
  let home: string;
  /** Distinct files (a project refuses a second upload of the same bytes). */
  let clip: string;
  let clips: { http: string; rule: string; later: string };
  let owner: Awaited<ReturnType<typeof ownerWithConnections>>;
  let writeToken: string;
  let readToken: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    // The import tool fetches from a file server on this machine, so loopback is allowed (never by default).
    server = await startTestServer({ IMPORT_ALLOW_PRIVATE: '127.0.0.1' });
    home = makeTempDir('fanout-mcp-home-');
    clip = makeClip(path.join(home, 'harbour.mp4'), '640x360', 3);
    clips = {
      http: makeClip(path.join(home, 'http.mp4'), '640x360', 4),
      rule: makeClip(path.join(home, 'rule.mp4'), '640x360', 5),
      later: makeClip(path.join(home, 'later.mp4'), '640x360', 6),
    };
    owner = await ownerWithConnections(server, ['tiktok', 'youtube']);
    const token = async (scopes: string[]) =>
      (await owner.as.post('/api/auth/tokens', { name: scopes.join('+'), scopes })).body.secret as string;
    writeToken = await token(['read', 'write']);
    readToken = await token(['read']);
  });
  afterAll(async () => {
    for (const client of clients) await client.close().catch(() => undefined);
    await stopTestServer(server);
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  async function overHttp(token: string): Promise<Client> {
    const client = new Client({ name: 'fanout-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL('/mcp', server.url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  async function overStdio(token: string): Promise<Client> {
    const client = new Client({ name: 'fanout-test', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', cliMain, 'mcp'],
      env: { PATH: process.env.PATH ?? '', HOME: home, FANOUT_URL: server.url, FANOUT_TOKEN: token },
      stderr: 'pipe',
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  async function tool(client: Client, name: string, args: Record<string, unknown> = {}) {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
    return { ...result, text, data: result.structuredContent as Record<string, unknown> };
  }

  async function ok(client: Client, name: string, args: Record<string, unknown> = {}) {
    const result = await tool(client, name, args);
    expect(result.isError, `${name}: ${result.text}`).toBeFalsy();
    return result.data;
  }

  /** Posts the video to both sandbox platforms now, follows each with get_post until published, reads its figures. */
  async function publishAndMeasure(client: Client, videoId: number, caption: string) {
    const { posts } = (await ok(client, 'create_posts', {
      videoId,
      targets: [
        { platform: 'tiktok', caption, options: { privacyLevel: 'SELF_ONLY' } },
        { platform: 'youtube', caption },
      ],
    })) as { posts: Post[] };
    expect(posts.map((p) => p.platform).sort()).toEqual(['tiktok', 'youtube']);
    const ended: Post[] = [];
    for (const made of posts) {
      let post = made;
      await waitUntil(
        async () => {
          post = ((await ok(client, 'get_post', { postId: made.id })) as { post: Post }).post;
          return ['published', 'failed'].includes(post.status);
        },
        `post ${made.id} to publish`,
        90_000,
      );
      ended.push(post);
    }
    for (const post of ended) {
      expect(post.status, JSON.stringify(post)).toBe('published');
      expect(post.url).toMatch(/^https?:\/\//);
    }
    const synced = await ok(client, 'sync_analytics', { projectId: owner.projectId });
    expect(synced.failed).toBe(0);
    const summary = await tool(client, 'analytics_summary', { projectId: owner.projectId });
    expect(summary.isError).toBeFalsy();
    expect(summary.data.measuredPosts).toBeGreaterThanOrEqual(2);
    expect(summary.text).toMatch(/\d+ views/);
    return ended;
  }

  it('lists its tools over HTTP, each marked read or write, without the local-file upload', async () => {
    const client = await overHttp(writeToken);
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    for (const t of tools) {
      expect(typeof t.annotations?.readOnlyHint, t.name).toBe('boolean');
      expect(t.description!.length, t.name).toBeGreaterThan(40);
      expect(t.inputSchema.type).toBe('object');
    }
    for (const name of ['list_projects', 'list_videos', 'get_video', 'check_fit', 'list_posts', 'get_post'])
      expect(byName[name]?.annotations?.readOnlyHint, name).toBe(true);
    for (const name of ['create_posts', 'update_video', 'cancel_post', 'retry_post', 'import_video_from_url'])
      expect(byName[name]?.annotations?.readOnlyHint, name).toBe(false);
    for (const name of ['get_best_times', 'analytics_summary', 'list_accounts']) expect(byName[name]).toBeDefined();
    expect(byName.upload_video_file).toBeUndefined();
    // The create_posts schema comes from the API's own contract: its targets and times.
    const createProps = byName.create_posts!.inputSchema.properties as Record<string, unknown>;
    expect(Object.keys(createProps)).toEqual(
      expect.arrayContaining(['videoId', 'targets', 'scheduledLocal', 'scheduledAt', 'queue']),
    );
  });

  it('refuses /mcp without a personal API token, and a session token too', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const none = await fetch(`${server.url}/mcp`, { method: 'POST', headers, body });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'api_token_required', error: expect.any(String) });
    const session = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${owner.token}` },
      body,
    });
    expect(session.status).toBe(401);
    expect(((await session.json()) as { code: string }).code).toBe('api_token_required');
    const stream = await fetch(`${server.url}/mcp`, { headers: { authorization: `Bearer ${writeToken}` } });
    expect(stream.status).toBe(405);
    expect(((await stream.json()) as { code: string }).code).toBe('method_not_allowed');
    const jsonOnly = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { ...headers, accept: 'application/json', authorization: `Bearer ${writeToken}` },
      body,
    });
    expect(jsonOnly.status).toBe(406);
    expect(((await jsonOnly.json()) as { code: string }).code).toBe('not_acceptable');
  });

  it('answers a raw JSON-RPC call with the app’s security headers kept', async () => {
    const res = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${writeToken}`,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('mcp-session-id')).toBeNull();
    const answer = (await res.json()) as { result: { serverInfo: { name: string } } };
    expect(answer.result.serverInfo.name).toBe('fanout');
  });

  it('over HTTP: changes a video’s details, checks its fit and publishes it to two sandbox platforms, then reads its figures', async () => {
    const uploaded = await uploadVideo(server, owner.token, {
      file: clips.http,
      projectId: owner.projectId,
      title: 'Raw',
    });
    expect(uploaded.status).toBe(201);
    const videoId = uploaded.body.video.id as number;
    const client = await overHttp(writeToken);

    const projects = (await ok(client, 'list_projects')).projects as { id: number }[];
    expect(projects.map((p) => p.id)).toContain(owner.projectId);
    const accounts = await tool(client, 'list_accounts', { projectId: owner.projectId });
    expect(accounts.text).toMatch(/tiktok .*: connected/);

    const saved = await ok(client, 'update_video', { videoId, title: 'Harbour at dawn', tags: ['harbour'] });
    expect((saved.video as { title: string }).title).toBe('Harbour at dawn');
    const found = await ok(client, 'list_videos', { projectId: owner.projectId, query: 'harbour' });
    expect((found.videos as { id: number }[]).map((v) => v.id)).toEqual([videoId]);
    const fit = await ok(client, 'check_fit', { videoId, connectionId: owner.ids.tiktok });
    expect(typeof fit.fits).toBe('boolean');

    const published = await publishAndMeasure(client, videoId, 'Harbour at dawn over HTTP');
    const { posts } = (await ok(client, 'get_video', { videoId })) as { posts: Post[] };
    expect(posts.map((p) => p.id).sort()).toEqual(published.map((p) => p.id).sort());
  });

  it('imports a video from a web address the server fetches, named after its file', async () => {
    const file = makeClip(path.join(home, 'fetched.mp4'), '640x360', 7);
    const origin = http.createServer((req, res) => {
      if (req.url !== '/media/Ferry%20crossing.mp4') return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': fs.statSync(file).size });
      fs.createReadStream(file).pipe(res);
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
      const client = await overHttp(writeToken);
      const made = await tool(client, 'import_video_from_url', {
        projectId: owner.projectId,
        url: `${base}/media/Ferry%20crossing.mp4`,
      });
      expect(made.isError, made.text).toBeFalsy();
      const video = made.data.video as { id: number; title: string; filename: string };
      expect(video.title).toBe('Ferry crossing');
      expect(made.text).toContain('Ferry crossing');
      const stored = await fetch(`${server.url}/uploads/${video.filename}`);
      expect(Buffer.from(await stored.arrayBuffer()).equals(fs.readFileSync(file))).toBe(true);

      const missing = await tool(client, 'import_video_from_url', {
        projectId: owner.projectId,
        url: `${base}/gone.mp4`,
      });
      expect(missing.isError).toBe(true);
      expect(missing.data).toMatchObject({ code: 'import_http_error' });
      const read = await tool(await overHttp(readToken), 'import_video_from_url', {
        projectId: owner.projectId,
        url: `${base}/media/Ferry%20crossing.mp4`,
      });
      expect(read.data).toMatchObject({ code: 'api_token_scope' });
    } finally {
      origin.closeAllConnections();
      await new Promise<void>((resolve) => origin.close(() => resolve()));
    }
  });

  it('a post that breaks a platform rule answers the broken rules in words, as the API lists them', async () => {
    const uploaded = await uploadVideo(server, owner.token, {
      file: clips.rule,
      projectId: owner.projectId,
      title: 'Rule',
    });
    const client = await overHttp(writeToken);
    const refused = await tool(client, 'create_posts', {
      videoId: uploaded.body.video.id,
      targets: [{ platform: 'tiktok', options: { privacyLevel: 'NOBODY' } }],
    });
    expect(refused.isError).toBe(true);
    expect(refused.data).toMatchObject({ status: 400, code: 'validation_failed' });
    const violations = refused.data.violations as { platform: string; message: string; rule: string }[];
    expect(violations.length).toBeGreaterThan(0);
    for (const v of violations) expect(refused.text).toContain(`- ${v.platform}: ${v.message} (rule ${v.rule})`);
    expect(refused.text).toMatch(/tiktok: .*"NOBODY"/);
  });

  it('posts made through a token wait for approval where the project needs it', async () => {
    const project = await createProject(server, owner.token, { name: 'Reviewed' });
    expect((await owner.as.patch(`/api/projects/${project.id}`, { needsApproval: true })).status).toBe(200);
    await connectAccount(server, owner.token, 'youtube', project.id);
    const uploaded = await uploadVideo(server, owner.token, { file: clips.rule, projectId: project.id, title: 'Ok?' });
    const client = await overHttp(writeToken);
    const { posts } = (await ok(client, 'create_posts', {
      videoId: uploaded.body.video.id,
      targets: [{ platform: 'youtube' }],
    })) as { posts: Post[] };
    expect(posts.map((p) => p.status)).toEqual(['awaiting_approval']);
    const cancelled = await ok(client, 'cancel_post', { postId: posts[0]!.id });
    expect((cancelled.post as Post).status).toBe('cancelled');
  });

  it('a read token reads, and its write tools are refused by the API with api_token_scope', async () => {
    const client = await overHttp(readToken);
    expect((await ok(client, 'list_projects')).projects).toBeDefined();
    const refused = await tool(client, 'update_video', { videoId: 1, title: 'Nope' });
    expect(refused.isError).toBe(true);
    expect(refused.data).toMatchObject({ status: 403, code: 'api_token_scope' });
    expect(refused.text).toContain('api_token_scope');
  });

  it('over stdio: uploads a real file, schedules the upcoming one, publishes to two sandbox platforms and reads the figures', async () => {
    const client = await overStdio(writeToken);
    const { tools } = await client.listTools();
    const upload = tools.find((t) => t.name === 'upload_video_file');
    expect(upload?.annotations?.readOnlyHint).toBe(false);

    const sent = await ok(client, 'upload_video_file', { projectId: owner.projectId, path: clip, title: 'Stdio clip' });
    const video = sent.video as { id: number; title: string; width: number };
    expect(video).toMatchObject({ title: 'Stdio clip', width: 640 });

    // A time in the person's zone, a few days ahead, shows on the project's upcoming schedule.
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const second = await uploadVideo(server, owner.token, {
      file: clips.later,
      projectId: owner.projectId,
      title: 'Later',
    });
    const scheduled = (await ok(client, 'create_posts', {
      videoId: second.body.video.id,
      targets: [{ platform: 'tiktok', options: { privacyLevel: 'SELF_ONLY' } }],
      scheduledLocal: `${day}T09:00`,
    })) as { posts: Post[] };
    const schedule = await client.readResource({ uri: `fanout://projects/${owner.projectId}/schedule` });
    const upcoming = JSON.parse((schedule.contents[0] as { text: string }).text).posts as Post[];
    expect(upcoming.map((p) => p.id)).toContain(scheduled.posts[0]!.id);
    const details = await client.readResource({ uri: `fanout://videos/${video.id}` });
    expect(JSON.parse((details.contents[0] as { text: string }).text).video.title).toBe('Stdio clip');

    await publishAndMeasure(client, video.id, 'Harbour at dawn over stdio');
  });
});
