import { clientOf, type Ctx } from './context';
import { usageError } from './exit-codes';

/** `--project` as an id or a name; without it, the person's only project (several: they must say which). */
export async function resolveProject(ctx: Ctx, given: string | undefined): Promise<number> {
  const projects = await ctx.call(clientOf(ctx).GET('/api/projects'));
  if (given && /^\d+$/.test(given)) return Number(given);
  const found = given ? projects.filter((p) => p.name === given) : projects;
  if (found.length === 1) return found[0]!.id;
  const names = projects.map((p) => `${p.id} (${p.name})`).join(', ');
  if (!given) throw usageError(`Say which project with --project <id|name>: ${names || 'you have none'}`);
  throw usageError(
    `No project named "${given}"${found.length ? ' alone (several share it: use the id)' : ''}; yours: ${names}`,
  );
}
