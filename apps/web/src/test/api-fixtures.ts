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
    routes[`GET /api/connections?project_id=${project.id}`] = {
      body: { connections: platforms.map((p) => buildConnection(p as PlatformKey, { projectId: project.id })) },
    };
  }
  return routes;
}
