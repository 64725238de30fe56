import { parseCommand, positiveInt } from '../args';
import { clientOf, type Ctx } from '../context';
import { usageError } from '../exit-codes';
import { postLine } from '../post-lines';

export const RETRY_HELP = 'fanout retry <post>   send a failed or unconfirmed post again';

export async function retry(ctx: Ctx, argv: string[]) {
  const { positionals } = parseCommand(argv, {});
  if (positionals.length !== 1) throw usageError('Name one post: fanout retry <post id>');
  const id = positiveInt(positionals[0]!.replace(/^#/, ''), 'The post');
  const { post } = await ctx.call(clientOf(ctx).POST('/api/posts/{id}/retry', { params: { path: { id } }, body: {} }));
  ctx.print({ post }, postLine(post));
}
