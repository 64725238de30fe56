import { roleCan } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, stopTestServer, type TestServer } from '../../test/test-server';
import { declaredRoutes, type AccessRule, type DeclaredRoute } from './access-guard';
import { insertRows, matrixFixtures, PEOPLE, type MatrixFixtures, type Person } from './role-matrix.fixtures';
import { SAMPLES, type Sample } from './role-matrix.samples';

type ProjectRule = Exclude<AccessRule, { public: true } | { personal: true } | { inHandler: string }>;
type Checked = DeclaredRoute & { access: ProjectRule };

/** The routes whose rule names a project or a row: every one answers by the caller's role. */
function projectRoutes(routes: readonly DeclaredRoute[]): Checked[] {
  return routes.filter(
    (r): r is Checked =>
      r.url.startsWith('/api/') &&
      r.method !== 'HEAD' &&
      r.method !== 'OPTIONS' &&
      r.access !== undefined &&
      ('project' in r.access || 'row' in r.access || 'rows' in r.access),
  );
}

/** The request that names the fixtures' project or row where the route's rule reads it. */
function requestFor(route: Checked, fx: MatrixFixtures) {
  const rule = route.access;
  const id = 'project' in rule ? fx.projectId : fx.rows['row' in rule ? rule.row : rule.rows];
  const at = 'project' in rule ? rule.project : rule.at;
  const [part, key] = at.split('.') as ['params' | 'query' | 'body', string];
  const sample: Sample = SAMPLES[`${route.method} ${route.url}`] ?? {};
  const value = 'rows' in rule ? [id] : id;
  const params: Record<string, string> = { ...sample.params, ...(part === 'params' ? { [key]: String(id) } : {}) };
  const query = new URLSearchParams({ ...sample.query, ...(part === 'query' ? { [key]: String(value) } : {}) });
  // Any other id in the path names nothing: the answer past the access check is then a plain 404.
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '2000000000');
  const withBody = route.method !== 'GET' && route.method !== 'DELETE';
  const json = part === 'body' ? { ...sample.body, [key]: value } : (sample.body ?? (withBody ? {} : undefined));
  const body =
    sample.raw ?? (json === undefined ? undefined : { type: 'application/json', text: JSON.stringify(json) });
  return { path: query.size ? `${path}?${query}` : path, body, need: sample.need ?? route.access.need };
}

/** Deleting the project comes last, so that every other route finds it. */
const order = (r: DeclaredRoute) => (r.method === 'DELETE' && r.url === '/api/projects/:id' ? 1 : 0);

/**
 * Teams, "Done when": every API operation tried as the owner, an editor, a reviewer, a client and a non-member
 * of one project, each answer checked against ROLE_CAN (docs/teams.md): a role with the capability gets past
 * the check (any answer but a 5xx or 403 role_forbidden), a member without it 403 role_forbidden, a non-member
 * 404. The table is read from the routes themselves (declaredRoutes), so a route added later joins it.
 */
describe('the role matrix of every project route', () => {
  let server: TestServer;
  let fx: MatrixFixtures;
  beforeAll(async () => {
    server = await startTestServer();
    fx = await matrixFixtures(server);
  });
  afterAll(() => stopTestServer(server));

  it('answers each role as ROLE_CAN says, on every route', { timeout: 240_000 }, async () => {
    const routes = projectRoutes(declaredRoutes(server.app)).sort((a, b) => order(a) - order(b));
    expect(routes.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const route of routes) {
      // Every route finds the project's rows as they were, whatever the previous one deleted.
      fx.rows = await insertRows(server, fx.ownerId, fx.projectId);
      const { path, body, need } = requestFor(route, fx);
      // The owner last: a change made by an allowed member must not stop the others' checks.
      for (const person of [...PEOPLE].reverse() as Person[]) {
        const res = await fetch(`${server.url}${path}`, {
          method: route.method,
          headers: {
            authorization: `Bearer ${fx.tokens[person]}`,
            ...(body === undefined ? {} : { 'content-type': body.type }),
          },
          body: body?.text,
        });
        const text = await res.text();
        const answer = text.startsWith('{') ? (JSON.parse(text) as { code?: string; error?: string }) : {};
        const code = answer.code;
        const expected = person === 'stranger' ? '404' : roleCan(person, need) ? 'allowed' : '403 role_forbidden';
        const got =
          res.status >= 500 || code === 'role_forbidden'
            ? `${res.status} ${code}`
            : expected === 'allowed'
              ? 'allowed'
              : String(res.status);
        if (got !== expected) {
          wrong.push(
            `${route.method} ${route.url} as ${person}: ${res.status} ${code ?? ''} (${answer.error}), expected ${expected}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
