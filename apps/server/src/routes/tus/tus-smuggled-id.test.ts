import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser, type RegisteredUser } from '../../../test/factories';
import { mediaFixtures } from '../../../test/fixtures';
import { setRequestScope, tusUploads, tusUrl } from '../../services/uploads/tus-server';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

/**
 * The upload id must be the one the route checked, however the URL is dressed: @tus/server reads the id
 * from the last `/` segment of the whole URL, query and all, so `/api/tus/<own>?x=/<victim>` used to reach
 * the victim's upload after the caller's own id had passed the ownership check.
 */

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request whose target is sent exactly as written (fetch() would normalise it and drop a `#...`). */
function rawRequest(
  server: TestServer,
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<RawAnswer> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: url.hostname,
      port: url.port,
      method,
      path: target,
      headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const tusHeaders = (token: string) => ({ 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` });

const metadata = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** Ways of naming a second upload in a request whose path names the caller's own. */
const smuggled = (own: string, victim: string) => [
  `/api/tus/${own}?x=/${victim}`,
  `/api/tus/${own}?x=%2F${victim}`,
  `/api/tus/${own}?/${victim}`,
  `/api/tus/${own}?x=/${victim}/`,
  `/api/tus/${own}%2F${victim}`,
  `/api/tus/${own}%2f..%2f${victim}`,
  `/api/tus/${own};x=/${victim}`,
  `/api/tus/${own}#/${victim}`,
  `/api/tus/${own}/${victim}`,
  `/api/tus/${own}/?x=/${victim}`,
  `/api/tus/${victim}?x=/${own}`,
];

describe('a tus upload id smuggled past the ownership check', () => {
  let server: TestServer;
  let victim: RegisteredUser;
  let attacker: RegisteredUser;
  let victimProject: number;
  let attackerProject: number;
  let video: Buffer;
  let half: number;

  beforeAll(async () => {
    server = await startTestServer();
    video = fs.readFileSync(mediaFixtures().video);
    half = Math.floor(video.length / 2);
    victim = await registerUser(server);
    attacker = await registerUser(server);
    attackerProject = (await createProject(server, attacker.token)).id;
  });
  afterAll(() => stopTestServer(server));

  async function create(who: RegisteredUser, project: number, length: number) {
    const res = await rawRequest(server, 'POST', '/api/tus', {
      ...tusHeaders(who.token),
      'upload-length': String(length),
      'upload-metadata': metadata({ project_id: String(project), filename: 'clip.mp4' }),
    });
    expect(res.status).toBe(201);
    return path.basename(String(res.headers.location));
  }

  /** The victim's upload, half sent, and the attacker's own (of another length, so answers tell them apart). */
  async function setUp() {
    // A project of its own per test: what one attack did must not show in the next test's count.
    victimProject = (await createProject(server, victim.token)).id;
    const victimId = await create(victim, victimProject, video.length);
    const sent = await rawRequest(
      server,
      'PATCH',
      `/api/tus/${victimId}`,
      { ...tusHeaders(victim.token), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      video.subarray(0, half),
    );
    expect(sent.status).toBe(204);
    const ownId = await create(attacker, attackerProject, video.length + 7);
    return { victimId, ownId };
  }

  /** What the victim sees of their upload: its offset, the bytes on disk, the videos of their project. */
  async function victimState(victimId: string) {
    const head = await rawRequest(server, 'HEAD', `/api/tus/${victimId}`, tusHeaders(victim.token));
    const file = path.join(server.dataDir, 'tmp', 'tus', victimId);
    const videos = await api(server, victim.token).get(`/api/videos?project_id=${victimProject}`);
    return {
      status: head.status,
      offset: head.headers['upload-offset'],
      videoId: head.headers['fanout-video-id'],
      bytesOnDisk: fs.existsSync(file) ? fs.statSync(file).size : null,
      videos: (videos.body as unknown[]).length,
    };
  }

  const untouched = () => ({
    status: 200,
    offset: String(half),
    videoId: undefined,
    bytesOnDisk: half,
    videos: 0,
  });

  it("HEAD never answers the victim's offset or length", async () => {
    const { victimId, ownId } = await setUp();
    for (const target of smuggled(ownId, victimId)) {
      const res = await rawRequest(server, 'HEAD', target, tusHeaders(attacker.token));
      expect(res.status, target).toBeLessThan(500);
      expect(res.headers['upload-offset'], target).not.toBe(String(half));
      expect(res.headers['upload-length'], target).not.toBe(String(video.length));
    }
    expect(await victimState(victimId)).toEqual(untouched());
  });

  it("PATCH never writes into the victim's upload nor finishes it into a video of theirs", async () => {
    const { victimId, ownId } = await setUp();
    for (const target of smuggled(ownId, victimId)) {
      const res = await rawRequest(
        server,
        'PATCH',
        target,
        {
          ...tusHeaders(attacker.token),
          'upload-offset': String(half),
          'content-type': 'application/offset+octet-stream',
        },
        video.subarray(half),
      );
      expect(res.status, target).toBeGreaterThanOrEqual(400);
      expect(res.status, target).toBeLessThan(500);
      expect(res.headers['fanout-video-id'], target).toBeUndefined();
    }
    expect(await victimState(victimId)).toEqual(untouched());
    const attackerVideos = await api(server, attacker.token).get(`/api/videos?project_id=${attackerProject}`);
    expect(attackerVideos.body).toEqual([]);
  });

  it("DELETE never removes the victim's upload", async () => {
    const { victimId, ownId } = await setUp();
    for (const target of smuggled(ownId, victimId)) {
      const res = await rawRequest(server, 'DELETE', target, tusHeaders(attacker.token));
      expect(res.status, target).toBeLessThan(500);
    }
    expect(await victimState(victimId)).toEqual(untouched());
  });

  it('a creation or OPTIONS with an id in its URL makes a new upload of the caller, nothing else', async () => {
    const { victimId } = await setUp();
    for (const target of [`/api/tus?x=/${victimId}`, `/api/tus/?x=/${victimId}`, `/api/tus#/${victimId}`]) {
      const options = await rawRequest(server, 'OPTIONS', target, tusHeaders(attacker.token));
      expect(options.status, target).toBeLessThan(500);
      const res = await rawRequest(server, 'POST', target, {
        ...tusHeaders(attacker.token),
        'upload-length': String(video.length - half),
        'upload-metadata': metadata({ project_id: String(attackerProject) }),
        'content-type': 'application/offset+octet-stream',
      });
      if (res.status === 201) expect(path.basename(String(res.headers.location))).not.toBe(victimId);
      else expect(res.status, target).toBeLessThan(500);
    }
    expect(await victimState(victimId)).toEqual(untouched());
    // The victim still finishes their upload from where they were.
    const rest = await rawRequest(
      server,
      'PATCH',
      `/api/tus/${victimId}`,
      { ...tusHeaders(victim.token), 'upload-offset': String(half), 'content-type': 'application/offset+octet-stream' },
      video.subarray(half),
    );
    expect(rest.status).toBe(200);
    expect(JSON.parse(rest.body).video).toMatchObject({ projectId: victimProject, sizeBytes: video.length });
  });

  it('the tus server itself refuses an id other than the one checked, or one of someone else', async () => {
    const { victimId, ownId } = await setUp();
    const tus = tusUploads(server.ctx);
    const ask = async (url: string, scope: { userId: number; uploadId: string }) => {
      const request = new Request(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } });
      setRequestScope(request, scope);
      const res = await tus.server.handleWeb(request);
      return { status: res.status, offset: res.headers.get('upload-offset') };
    };
    // The URL names the victim's upload although the route checked the caller's own.
    expect(await ask(tusUrl(victimId), { userId: attacker.user.id, uploadId: ownId })).toEqual({
      status: 404,
      offset: null,
    });
    expect(await ask(`${tusUrl(ownId)}?x=/${victimId}`, { userId: attacker.user.id, uploadId: ownId })).toEqual({
      status: 404,
      offset: null,
    });
    // Checked as the victim's id, but the caller is not the victim.
    expect(await ask(tusUrl(victimId), { userId: attacker.user.id, uploadId: victimId })).toEqual({
      status: 404,
      offset: null,
    });
    expect(await ask(tusUrl(ownId), { userId: attacker.user.id, uploadId: ownId })).toEqual({
      status: 200,
      offset: '0',
    });
    expect(await victimState(victimId)).toEqual(untouched());
  });
});
