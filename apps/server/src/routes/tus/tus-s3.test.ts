import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser } from '../../../test/factories';
import { mediaFixtures } from '../../../test/fixtures';
import { startS3Server, type TestS3Server } from '../../../test/s3-server';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('resumable uploads with STORAGE=s3', () => {
  let s3: TestS3Server;
  let server: TestServer;

  beforeAll(async () => {
    s3 = await startS3Server();
    server = await startTestServer(s3.env('tus-uploads'));
  });
  afterAll(async () => {
    await stopTestServer(server);
    await s3.close();
  });

  it('keeps the parts in the bucket and turns the finished upload into a stored video', async () => {
    const bytes = fs.readFileSync(mediaFixtures().video);
    const { token } = await registerUser(server);
    const projectId = (await createProject(server, token)).id;
    const headers = { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` };
    const created = await fetch(`${server.url}/api/tus`, {
      method: 'POST',
      headers: {
        ...headers,
        'upload-length': String(bytes.length),
        'upload-metadata': `project_id ${Buffer.from(String(projectId)).toString('base64')},filename ${Buffer.from('s3.mp4').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const patch = (offset: number, body: Uint8Array) =>
      fetch(`${server.url}${location}`, {
        method: 'PATCH',
        headers: { ...headers, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body,
      });
    const half = Math.floor(bytes.length / 2);
    expect((await patch(0, bytes.subarray(0, half))).status).toBe(204);
    const head = await fetch(`${server.url}${location}`, { method: 'HEAD', headers });
    expect(head.headers.get('upload-offset')).toBe(String(half));

    const last = await patch(half, bytes.subarray(half));
    expect(last.status).toBe(200);
    const { video } = (await last.json()) as { video: { id: number; filename: string; originalName: string } };
    expect(video.originalName).toBe('s3.mp4');
    const list = await api(server, token).get(`/api/videos?project_id=${projectId}`);
    expect(list.body.map((v: { id: number }) => v.id)).toEqual([video.id]);
    const media = await fetch(`${server.url}/uploads/${video.filename}`);
    expect(sha256(new Uint8Array(await media.arrayBuffer()))).toBe(sha256(bytes));
  });
});
