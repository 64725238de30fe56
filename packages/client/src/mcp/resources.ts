import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { ApiError } from '../api/api-error';
import { call, type ToolContext } from './tool-kit';

/** How far ahead the schedule looks, and how many posts it shows at most. */
const SCHEDULE_DAYS = 90;
const SCHEDULE_MAX = 1000;

const json = (uri: URL, value: unknown): ReadResourceResult => ({
  contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(value, null, 2) }],
});

/** A variable of a template as a positive id (a refused one reads as the API's words). */
function idOf(value: string | string[] | undefined, what: string): number {
  const id = Number(Array.isArray(value) ? value[0] : value);
  if (!Number.isInteger(id) || id < 1) throw new Error(`${what} must be a positive id`);
  return id;
}

async function read(uri: URL, load: () => Promise<unknown>): Promise<ReadResourceResult> {
  try {
    return json(uri, await load());
  } catch (err) {
    if (err instanceof ApiError) throw new Error(`${err.message} (${err.code})`);
    throw err;
  }
}

/** The project's upcoming schedule and a video's details, as resources a client can read or attach. */
export function registerResources(server: McpServer, ctx: ToolContext) {
  server.registerResource(
    'schedule',
    new ResourceTemplate('fanout://projects/{projectId}/schedule', {
      list: async () => ({
        resources: (await call(ctx.api.GET('/api/projects'))).map((p) => ({
          uri: `fanout://projects/${p.id}/schedule`,
          name: `${p.name}: upcoming posts`,
          mimeType: 'application/json',
        })),
      }),
    }),
    {
      title: 'Upcoming schedule',
      description: `A project's posts due in the next ${SCHEDULE_DAYS} days (scheduled or awaiting approval), soonest first.`,
      mimeType: 'application/json',
    },
    async (uri, { projectId }) =>
      read(uri, async () => {
        const now = new Date();
        const to = new Date(now.getTime() + SCHEDULE_DAYS * 86_400_000);
        const { posts } = await call(
          ctx.api.GET('/api/posts', {
            params: {
              query: {
                project_id: idOf(projectId, 'projectId'),
                from: now.toISOString(),
                to: to.toISOString(),
                limit: SCHEDULE_MAX,
              },
            },
          }),
        );
        const upcoming = posts
          .filter((p) => p.status === 'scheduled' || p.status === 'awaiting_approval')
          .sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
        return { from: now.toISOString(), to: to.toISOString(), posts: upcoming };
      }),
  );

  server.registerResource(
    'video',
    new ResourceTemplate('fanout://videos/{videoId}', { list: undefined }),
    {
      title: 'Video details',
      description: "A video's details (title, description, tags, media facts, status) and its posts.",
      mimeType: 'application/json',
    },
    async (uri, { videoId }) =>
      read(uri, async () => {
        const path = { params: { path: { id: idOf(videoId, 'videoId') } } };
        const { video } = await call(ctx.api.GET('/api/videos/{id}', path));
        const { posts } = await call(ctx.api.GET('/api/videos/{id}/posts', path));
        return { video, posts };
      }),
  );
}
