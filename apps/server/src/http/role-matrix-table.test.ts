import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { roleCan, type Capability } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, stopTestServer, type TestServer } from '../../test/test-server';
import { declaredRoutes, type DeclaredRoute } from './access-guard';
import { SAMPLES } from './role-matrix.samples';

const TEAMS_MD = path.resolve(__dirname, '../../../../docs/teams.md');
const ROLES = ['owner', 'editor', 'reviewer', 'client'] as const;

/** The cells a route's capability gives, as docs/teams.md writes them: the four roles, a non-member, a preview link. */
function cellsFor(need: Capability): string[] {
  const roles: string[] = ROLES.map((role) => (roleCan(role, need) ? '✓' : '403 `role_forbidden`'));
  // A client sees analytics only when the owner allows it: the table says both.
  if (need === 'see_analytics') roles[3] = '403 `role_forbidden` (✓ when the owner allows)';
  return [...roles, '404', '401'];
}

/** The rows of the table between its markers: the routes each names and its cells. */
function tableRows(markdown: string) {
  const start = markdown.indexOf('<!-- role-matrix:start -->');
  const end = markdown.indexOf('<!-- role-matrix:end -->');
  expect(start, 'the role matrix table in docs/teams.md').toBeGreaterThan(0);
  return markdown
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| group') && !line.startsWith('| ---'))
    .map((line) => {
      const cells = line
        .slice(2, -2)
        .split(' | ')
        .map((c) => c.trim());
      const routes = [...cells[2]!.matchAll(/`([A-Z]+ \/api\/[^`]+)`/g)].map((m) => m[1]!);
      return { operation: `${cells[0]}: ${cells[1]}`, routes, cells: cells.slice(3) };
    });
}

/** Every route that answers by the caller's role in a project: a project or row rule, or an upload's own check. */
function roleRoutes(routes: readonly DeclaredRoute[]) {
  return routes.filter(
    (r) =>
      r.url.startsWith('/api/') &&
      r.method !== 'HEAD' &&
      r.method !== 'OPTIONS' &&
      r.access !== undefined &&
      'need' in r.access,
  );
}

/**
 * docs/teams.md's role matrix is the truth the role-matrix test checks: each row's cells are what its routes'
 * declared capability gives each person (role-matrix.test.ts asserts the same of the live answers), and every
 * route with a role rule has its row.
 */
describe('the role matrix table in docs/teams.md', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('lists every role-checked route once, with the cells its capability gives', () => {
    const routes = new Map(roleRoutes(declaredRoutes(server.app)).map((r) => [`${r.method} ${r.url}`, r]));
    const rows = tableRows(fs.readFileSync(TEAMS_MD, 'utf8'));
    const wrong: string[] = [];
    const listed = new Set<string>();
    for (const row of rows) {
      for (const key of row.routes) {
        const route = routes.get(key);
        if (!route || !('need' in route.access!)) {
          wrong.push(`${key} (${row.operation}): no such route with a role rule`);
          continue;
        }
        if (listed.has(key)) wrong.push(`${key}: listed twice`);
        listed.add(key);
        const need = SAMPLES[key]?.need ?? route.access.need;
        const expected = cellsFor(need);
        if (expected.join(' | ') !== row.cells.join(' | ')) {
          wrong.push(
            `${key} (${row.operation}, ${need}): the row says | ${row.cells.join(' | ')} |, expected | ${expected.join(' | ')} |`,
          );
        }
      }
    }
    for (const key of routes.keys()) if (!listed.has(key)) wrong.push(`${key}: missing from the table`);
    expect(wrong).toEqual([]);
    expect(listed.size).toBeGreaterThan(80);
  });

  it('answers 401 to a preview-shaped token sent as a Bearer token', async () => {
    const token = randomBytes(32).toString('base64url');
    const res = await fetch(`${server.url}/api/posts?project_id=1`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
  });
});
