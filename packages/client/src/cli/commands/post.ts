import { parseCommand, positiveInt } from '../args';
import { clientOf, type Ctx } from '../context';
import { usageError } from '../exit-codes';
import { postLine } from '../post-lines';
import { parseLocalTime, parseOptions, parseTargets, type TargetSpec } from '../post-args';

export const POST_HELP =
  'fanout post <video> --to tiktok:@handle,youtube [--option tiktok.privacyLevel=SELF_ONLY]... [--at "2026-12-01 09:00" | --queue] [--caption <text>]';

interface PostFlags {
  to?: string;
  option?: string[];
  at?: string;
  queue?: boolean;
  caption?: string;
  disambiguation?: string;
}

/** The post request's body from the flags, before any account is looked up. */
export function postRequest(values: PostFlags) {
  if (!values.to) throw usageError('Say where with --to, e.g. --to tiktok:@handle,youtube');
  if (values.at && values.queue) throw usageError('Give --at or --queue, not both');
  if (values.disambiguation && !['earlier', 'later'].includes(values.disambiguation))
    throw usageError('--disambiguation is earlier or later');
  const specs = parseTargets(values.to);
  const options = parseOptions(
    values.option ?? [],
    specs.map((s) => s.platform),
  );
  const when = values.at
    ? {
        scheduledLocal: parseLocalTime(values.at),
        ...(values.disambiguation ? { disambiguation: values.disambiguation as 'earlier' | 'later' } : {}),
      }
    : values.queue
      ? { queue: true as const }
      : {};
  return { specs, options, when };
}

export async function post(ctx: Ctx, argv: string[]) {
  const { values, positionals } = parseCommand<PostFlags>(argv, {
    to: { type: 'string' },
    option: { type: 'string', multiple: true },
    at: { type: 'string' },
    queue: { type: 'boolean' },
    caption: { type: 'string' },
    disambiguation: { type: 'string' },
  });
  if (positionals.length !== 1) throw usageError('Name one video: fanout post <video id> --to …');
  const videoId = positiveInt(positionals[0]!, 'The video');
  const { specs, options, when } = postRequest(values);
  const client = clientOf(ctx);
  const { video } = await ctx.call(client.GET('/api/videos/{id}', { params: { path: { id: videoId } } }));
  const accounts = specs.some((s) => s.account)
    ? (await ctx.call(client.GET('/api/connections', { params: { query: { project_id: video.projectId } } })))
        .connections
    : [];
  const targets = specs.map((spec: TargetSpec) => ({
    platform: spec.platform as never,
    ...(spec.account ? { connectionId: accountId(accounts, spec) } : {}),
    ...(options[spec.platform] ? { options: options[spec.platform] } : {}),
    ...(values.caption !== undefined ? { caption: values.caption } : {}),
  }));
  const { posts } = await ctx.call(
    client.POST('/api/videos/{id}/posts', { params: { path: { id: videoId } }, body: { targets, ...when } }),
  );
  ctx.print({ posts }, posts.map(postLine));
}

/** The connection of `tiktok:@handle`: the project's account of that platform with that name (@ and case aside). */
function accountId(accounts: { id: number; platform: string; accountName: string }[], spec: TargetSpec): number {
  const bare = (name: string) => name.replace(/^@/, '').toLowerCase();
  const ofPlatform = accounts.filter((a) => a.platform === spec.platform);
  const found = ofPlatform.find((a) => bare(a.accountName) === bare(spec.account!));
  if (found) return found.id;
  const names = ofPlatform.map((a) => a.accountName).join(', ') || 'none connected';
  throw usageError(`No ${spec.platform} account "${spec.account}" in the video's project (${names})`);
}
