import { describe, expect, it } from 'vitest';
import { registerUser } from '../../test/factories';
import { startTestServer, stopTestServer } from '../../test/test-server';

describe('unexpected server errors', () => {
  it('answer 500 with a generic {error, code}: no message, stack or SQL of the failure, which goes to the log', async () => {
    const server = await startTestServer();
    try {
      const user = await registerUser(server);
      // The database goes away under the running server: every query now fails inside the driver.
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
