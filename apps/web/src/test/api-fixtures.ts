import { PLATFORM_KEYS, type PlatformKey, type Project, type Video } from '@fanout/contracts';
import { buildConnection, buildProject, buildUser } from './factories';
import { liveEventsStub } from './event-stream-stub';
import type { StubRoutes } from './fetch-stub';

/** The calls every signed-in screen makes, answered with a small workspace. */
export function workspaceRoutes({
  projects = [buildProject()],
  videos = [] as Video[],
  platforms = [] as string[],
}: { projects?: Project[]; videos?: Video[]; platforms?: string[] } = {}): StubRoutes {
  const user = buildUser();
  const routes: StubRoutes = {
    'GET /api/config': {
      body: {
        productName: 'Fanout',
        signIn: { passkeys: false, identityProviders: [] },
        uploads: { maxBytes: 4 * 1024 ** 3 },
        covers: { publicAddress: false },
      },
    },
    'GET /api/auth/me': { body: { user } },
    [`GET /api/projects?user_id=${user.id}`]: { body: projects },
    'GET /api/used-storage': { body: { used_storage: 1536, total_storage: 10 * 1024 ** 3 } },
    'GET /api/notifications': { body: { notifications: [], unread: 0 } },
    // The live event stream: open and quiet (tests that send events put a liveEventsStub of their own here).
    'GET /api/events': liveEventsStub().route,
    'GET /api/platforms': {
      body: { platforms: PLATFORM_KEYS.map((platform) => ({ platform, available: true, sandbox: true })) },
    },
  };
  for (const project of projects) {
    routes[`GET /api/videos?project_id=${project.id}`] = { body: videos.filter((v) => v.projectId === project.id) };
    routes[`GET /api/connected-platforms?project_id=${project.id}`] = { body: { platforms } };
    // Past the first-run steps unless a test says otherwise: they would sit above every library.
    routes[`GET /api/projects/${project.id}/first-steps`] = {
      body: { connected: true, uploaded: true, posted: true },
    };
    routes[`GET /api/connections?project_id=${project.id}`] = {
      body: { connections: platforms.map((p) => buildConnection(p as PlatformKey, { projectId: project.id })) },
    };
  }
  return pagedVideos(routes);
}

/**
 * The paged video list and select-all's ids, answered from the whole list route of the same project
 * (`GET /api/videos?project_id=N`, or `GET /api/videos` without a project) as the server does: title search
 * (`q`, any case), `status`, `limit` and an offset `cursor`. A test that changes the whole list changes the
 * pages; a test may still set an exact page route of its own.
 */
export function pagedVideos(routes: StubRoutes): StubRoutes {
  return new Proxy(routes, {
    get(target, key, receiver) {
      const own: unknown = Reflect.get(target, key, receiver);
      if (own !== undefined || typeof key !== 'string') return own;
      const match = /^GET \/api\/videos(\/ids)?\?(.*)$/.exec(key);
      if (!match) return undefined;
      const params = new URLSearchParams(match[2]);
      const wantsIds = match[1] !== undefined;
      if (!wantsIds && !params.has('limit') && !params.has('cursor')) return undefined;
      const project = params.get('project_id');
      const whole = target[project ? `GET /api/videos?project_id=${project}` : 'GET /api/videos'];
      if (!whole) return undefined;
      const handler: StubRoutes[string] = (request) => {
        const answer = typeof whole === 'function' ? whole(request) : whole;
        if (!answer || (answer.status ?? 200) >= 300) return answer;
        const q = params.get('q')?.toLowerCase();
        const status = params.get('status');
        const list = (answer.body as Video[]).filter(
          (v) => (!q || v.title.toLowerCase().includes(q)) && (!status || v.status === status),
        );
        if (wantsIds) return { body: { ids: list.map((v) => v.id) } };
        const offset = Number(params.get('cursor') ?? 0);
        const end = offset + Number(params.get('limit') ?? 50);
        return {
          body: {
            videos: list.slice(offset, end),
            nextCursor: end < list.length ? String(end) : null,
            total: list.length,
          },
        };
      };
      return handler;
    },
  });
}
