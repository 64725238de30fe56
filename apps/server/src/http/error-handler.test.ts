import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProject, registerUser } from '../../test/factories';
import { storedFiles } from '../../test/fixtures';
import { startTestServer, stopTestServer, type TestServer } from '../../test/test-server';

describe('unexpected server errors', () => {
  it('answer 500 with a generic {error, code}: no message, stack or SQL of the failure, which goes to the log', async () => {
    const server = await startTestServer();
    try {
      const user = await registerUser(server);
      // The database goes away under the running server: every query now fails inside the driver. The
      // background jobs stop first: this is about answers to requests, not about jobs polling a dead pool.
      await server.ctx.jobs.stop();
      await server.ctx.db.destroy();
      const res = await fetch(`${server.url}/api/projects`, { headers: { authorization: `Bearer ${user.token}` } });
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({
        error: 'Something went wrong on our side. Please try again.',
        code: 'internal_error',
      });
      expect(text).not.toMatch(/select|stack|at \/|kysely|pglite|pg\b/i);
    } finally {
      await stopTestServer(server).catch(() => undefined);
    }
  });
});

describe('values the database refuses, when no check before the query caught them', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  // Every route checks its input first, so a query failing this way is made on purpose: the upload's
  // probe step runs one, with the real driver (pg or PGlite) and its real error.
  it.each([
    [
      'a NUL in text (22021)',
      () => server.ctx.db.selectFrom('users').select('id').where('email', '=', 'a\u0000b').execute(),
      { error: 'Text cannot contain NUL characters or broken Unicode', code: 'invalid_text' },
    ],
    [
      'an integer out of range (22003)',
      () =>
        server.ctx.db
          .selectFrom('users')
          .select('id')
          .where('id', '=', 2 ** 31)
          .execute(),
      { error: 'A number in the request is out of range', code: 'validation_failed' },
    ],
  ])('answer 400 in the error shape, not 500: %s', async (_label, failingQuery, expected) => {
    const user = await registerUser(server);
    const project = await createProject(server, user.token);
    const probe = vi.spyOn(server.ctx.media, 'probe').mockImplementation(async () => {
      await failingQuery();
      throw new Error('the query above should have failed');
    });
    try {
      const form = new FormData();
      form.append('project_id', String(project.id));
      form.append('video', new Blob([new Uint8Array(1024)], { type: 'video/mp4' }), 'clip.mp4');
      const res = await fetch(`${server.url}/api/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}` },
        body: form,
      });
      expect(probe).toHaveBeenCalledOnce();
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(expected);
      expect(storedFiles(server)).toEqual([]);
    } finally {
      probe.mockRestore();
    }
  });
});
