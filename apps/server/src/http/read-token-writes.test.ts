import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount } from '../../test/connections';
import { databaseState } from '../../test/database-state';
import { api, createProject, registerUser, type RegisteredUser } from '../../test/factories';
import { mediaFixtures, uploadVideo } from '../../test/fixtures';
import { seedPosts } from '../../test/seed-posts';
import { startTestServer, stopTestServer, type TestServer } from '../../test/test-server';

/**
 * A read-scoped API token changes nothing anywhere: every GET and HEAD the API has, called with one, leaves
 * the database and the stored files as they were (but the token's own "last used" time).
 */

interface OpenApiDoc {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean }[] }>>;
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((p) => fs.statSync(path.join(dir, p)).isFile())
    .sort();
}

describe('a read-only API token', () => {
  let server: TestServer;
  let owner: RegisteredUser;
  let readToken: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer();
    owner = await registerUser(server);
    const projectId = (await createProject(server, owner.token)).id;
    const fx = mediaFixtures();
    const video = (await uploadVideo(server, owner.token, { file: fx.video, projectId })).body.video;
    await connectAccount(server, owner.token, 'youtube', projectId);
    await seedPosts(server.ctx.db, {
      userId: owner.user.id,
      projectId,
      videoIds: [video.id],
      count: 3,
      scheduledAt: (i) => new Date(Date.now() - (i + 1) * 3600_000),
    });
    const as = api(server, owner.token);
    const connection = (await as.get(`/api/connections?project_id=${projectId}`)).body.connections[0];
    const post = (await as.get(`/api/videos/${video.id}/posts`)).body.posts[0];

    // A resumable upload whose every byte arrived but whose video was not made (its finish was cut short).
    const bytes = fs.readFileSync(fx.video);
    const meta = `project_id ${Buffer.from(String(projectId)).toString('base64')}`;
    const tus = { authorization: `Bearer ${owner.token}`, 'tus-resumable': '1.0.0' };
    const created = await fetch(`${server.url}/api/tus`, {
      method: 'POST',
      headers: { ...tus, 'upload-length': String(bytes.length), 'upload-metadata': meta },
    });
    const location = created.headers.get('location')!;
    const allButOne = await fetch(`${server.url}${location}`, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: bytes.subarray(0, -1),
    });
    expect(allButOne.status).toBe(204);
    fs.appendFileSync(path.join(server.ctx.config.tmpDir, 'tus', path.basename(location)), bytes.subarray(-1));

    Object.assign(ids, {
      project_id: String(projectId),
      user_id: String(owner.user.id),
      '/api/videos/{id}': String(video.id),
      '/api/posts/{id}': String(post.id),
      '/api/projects/{id}': String(projectId),
      '/api/connections/{id}': String(connection.id),
      '/api/tus/{id}': path.basename(location),
      '/uploads/{filename}': video.filename,
      platform: 'youtube',
    });
    const made = await as.post('/api/auth/tokens', { name: 'reader', scopes: ['read'] });
    expect(made.status).toBe(201);
    readToken = made.body.secret;
  });
  afterAll(() => stopTestServer(server));

  /**
   * Each GET path of the API document, its parameters filled with the owner's, and the two the document does
   * not list as GETs: a tus upload (HEAD only) and the media route (hidden).
   */
  async function readCalls(): Promise<string[]> {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApiDoc;
    const paths = Object.entries(doc.paths)
      .filter(([, ops]) => ops.get || ops.head)
      .map(([template, ops]) => {
        const filled = template.replace(/\{(\w+)\}/g, (m, name: string) => {
          const prefix = Object.keys(ids).find((k) => k.includes('{') && template.startsWith(k.replace(/\{.*$/, '')));
          return ids[name] ?? (prefix ? ids[prefix]! : m);
        });
        const query = ((ops.get ?? ops.head)!.parameters ?? [])
          .filter((p) => p.in === 'query' && p.required && ids[p.name])
          .map((p) => `${p.name}=${ids[p.name]}`);
        return query.length ? `${filled}?${query.join('&')}` : filled;
      });
    const extra = [`/api/tus/${ids['/api/tus/{id}']}`, `/uploads/${ids['/uploads/{filename}']}`];
    return [...new Set([...paths, ...extra])];
  }

  it('changes nothing through any GET or HEAD, and gets no security activity', async () => {
    const before = await databaseState(server);
    const filesBefore = filesUnder(server.ctx.config.mediaDir);
    const answers: string[] = [];
    for (const call of await readCalls()) {
      // The live event stream never ends by itself: its refusal or first line is all that matters here.
      const signal = AbortSignal.timeout(3000);
      for (const method of ['GET', 'HEAD']) {
        const res = await fetch(`${server.url}${call}`, {
          method,
          headers: { authorization: `Bearer ${readToken}`, 'tus-resumable': '1.0.0' },
          redirect: 'manual',
          signal,
        }).catch(() => undefined);
        await res?.body?.cancel();
        answers.push(`${method} ${call} ${res?.status}`);
      }
    }
    expect(answers.length).toBeGreaterThan(40);
    expect(answers).toContain('GET /api/activity/security 403');
    expect(answers).toContain(`HEAD /api/tus/${ids['/api/tus/{id}']} 200`);
    expect(await databaseState(server)).toEqual(before);
    expect(filesUnder(server.ctx.config.mediaDir)).toEqual(filesBefore);
  });

  it('leaves a cut-short resumable upload for the owner, whose next HEAD makes its video', async () => {
    const location = `/api/tus/${ids['/api/tus/{id}']}`;
    const head = (token: string) =>
      fetch(`${server.url}${location}`, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' },
      });
    const read = await head(readToken);
    expect(read.status).toBe(200);
    expect(read.headers.get('fanout-video-id')).toBeNull();
    const owners = await head(owner.token);
    expect(owners.status).toBe(200);
    const videoId = owners.headers.get('fanout-video-id');
    expect(videoId).toMatch(/^\d+$/);
    expect((await api(server, readToken).get(`/api/videos/${videoId}`)).status).toBe(200);
  });

  it('reads the security activity with a session, not with a token of any scope', async () => {
    const writer = (await api(server, owner.token).post('/api/auth/tokens', { name: 'w', scopes: ['read', 'write'] }))
      .body.secret as string;
    for (const token of [readToken, writer]) {
      const res = await api(server, token).get('/api/activity/security');
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('api_token_not_allowed');
    }
    expect((await api(server, owner.token).get('/api/activity/security')).status).toBe(200);
  });
});
