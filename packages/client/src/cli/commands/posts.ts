import { parseCommand, positiveInt } from '../args';
import { clientOf, type Ctx } from '../context';
import { postLine } from '../post-lines';
import { resolveProject } from '../resolve-project';

export const POSTS_HELP =
  'fanout posts [--status scheduled|publishing|published|failed|cancelled|unconfirmed] [--project <id|name>] [--limit <n>]';

type Status = 'scheduled' | 'publishing' | 'published' | 'failed' | 'cancelled' | 'unconfirmed';

export async function posts(ctx: Ctx, argv: string[]) {
  const { values } = parseCommand<{ status?: string; project?: string; limit?: string }>(argv, {
    status: { type: 'string' },
    project: { type: 'string' },
    limit: { type: 'string' },
  });
  const limit = values.limit ? positiveInt(values.limit, '--limit') : undefined;
  const projectId = await resolveProject(ctx, values.project);
  const page = await ctx.call(
    clientOf(ctx).GET('/api/posts', {
      params: { query: { project_id: projectId, status: values.status as Status | undefined, limit } },
    }),
  );
  ctx.print(page, page.posts.length ? page.posts.map(postLine) : 'No posts.');
}
