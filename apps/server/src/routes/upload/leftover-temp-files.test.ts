import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createProject, registerUser } from '../../../test/factories';
import { mediaFixtures, uploadVideo } from '../../../test/fixtures';
import {
  freshDatabaseUrl,
  makeTempDir,
  startTestServer,
  stopTestServer,
  type TestServer,
} from '../../../test/test-server';

const HOUR = 60 * 60_000;

/** A file in DATA_DIR/tmp as an upload leaves it, last written `ageMs` ago. */
function leaveTempFile(dataDir: string, name: string, ageMs: number): string {
  const dir = path.join(dataDir, 'tmp');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, Buffer.alloc(64 * 1024));
  return age(file, ageMs);
}

/** Sets a file's times to `ageMs` ago. */
function age(file: string, ageMs: number): string {
  const at = new Date(Date.now() - ageMs);
  fs.utimesSync(file, at, at);
  return file;
}

describe('temp files of interrupted uploads', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await stopTestServer(server);
    server = undefined;
  });

  it('are removed at start-up, while files written a moment ago (an upload in progress) stay', async () => {
    const dataDir = makeTempDir();
    // What a server killed mid-upload leaves: the received file and a thumbnail in the making.
    const crashed = [
      leaveTempFile(dataDir, '0123456789abcdef0123456789abcdef.upload', 3 * HOUR),
      leaveTempFile(dataDir, 'fedcba9876543210fedcba9876543210.jpg', 2 * HOUR),
    ];
    // Another server process on the same DATA_DIR, receiving an upload right now.
    const inProgress = leaveTempFile(dataDir, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.upload', 1000);

    server = await startTestServer({}, { dataDir, databaseUrl: await freshDatabaseUrl() });

    for (const file of crashed) expect(fs.existsSync(file), file).toBe(false);
    expect(fs.existsSync(inProgress)).toBe(true);
    // The server works as before: an upload goes through and leaves its staging dir as it found it.
    const user = await registerUser(server);
    const project = await createProject(server, user.token);
    const res = await uploadVideo(server, user.token, { file: mediaFixtures().video, projectId: project.id });
    expect(res.status).toBe(201);
    const files = fs.readdirSync(path.join(dataDir, 'tmp'), { withFileTypes: true }).filter((e) => e.isFile());
    expect(files.map((e) => e.name)).toEqual([path.basename(inProgress)]);
  });

  it('stored files that no video refers to are removed at start-up; a video keeps its files however old they are', async () => {
    const dataDir = makeTempDir();
    const databaseUrl = await freshDatabaseUrl();
    server = await startTestServer({}, { dataDir, databaseUrl });
    const user = await registerUser(server);
    const project = await createProject(server, user.token);
    const res = await uploadVideo(server, user.token, { file: mediaFixtures().video, projectId: project.id });
    expect(res.status).toBe(201);
    await server.close(); // keeps DATA_DIR

    const mediaDir = path.join(dataDir, 'media');
    const kept = fs.readdirSync(mediaDir).map((name) => age(path.join(mediaDir, name), 5 * HOUR));
    expect(kept.map((file) => path.basename(file)).sort()).toEqual(
      [res.body.video.filename, path.basename(res.body.video.thumbnail)].sort(),
    );
    const media = (name: string, ageMs: number) => {
      fs.writeFileSync(path.join(mediaDir, name), Buffer.alloc(32 * 1024));
      return age(path.join(mediaDir, name), ageMs);
    };
    // A server killed after storing an upload's files but before recording the video, or in the middle
    // of a copy from a temp dir on another disk.
    const orphans = [
      media('0123456789abcdef0123456789abcdef.mp4', 2 * HOUR),
      media('0123456789abcdef0123456789abcdef.jpg', 2 * HOUR),
      media('.fedcba9876543210fedcba9876543210.mp4.partial', 2 * HOUR),
    ];
    // Another server process on the same DATA_DIR, about to record the video it just stored.
    const inProgress = media('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.mp4', 1000);

    server = await startTestServer({}, { dataDir, databaseUrl });

    for (const file of orphans) expect(fs.existsSync(file), file).toBe(false);
    for (const file of [...kept, inProgress]) expect(fs.existsSync(file), file).toBe(true);
    const served = await fetch(`${server.url}/uploads/${res.body.video.filename}`);
    expect(served.status).toBe(200);
    expect((await served.arrayBuffer()).byteLength).toBe(res.body.video.sizeBytes);
  });
});
