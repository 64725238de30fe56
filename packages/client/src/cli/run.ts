import { LOGIN_HELP, login } from './commands/login';
import { MCP_HELP, mcp } from './commands/mcp';
import { POST_HELP, post } from './commands/post';
import { POSTS_HELP, posts } from './commands/posts';
import { RETRY_HELP, retry } from './commands/retry';
import { UPLOAD_HELP, upload } from './commands/upload';
import { makeCtx, type CliIo, type Ctx } from './context';
import { CliError, EXIT, type ExitCode } from './exit-codes';

const COMMANDS: Record<string, (ctx: Ctx, argv: string[]) => Promise<void>> = {
  login,
  upload,
  post,
  posts,
  retry,
  mcp,
};

export const HELP = [
  'Usage: fanout <command> [options] [--json]',
  '',
  `  ${LOGIN_HELP}`,
  `  ${UPLOAD_HELP}`,
  `  ${POST_HELP}`,
  `  ${POSTS_HELP}`,
  `  ${RETRY_HELP}`,
  `  ${MCP_HELP}`,
  '',
  'FANOUT_URL and FANOUT_TOKEN override the stored login.',
  'Exit codes: 0 ok, 2 usage, 3 auth, 4 refused by a rule or a platform, 5 server error, 130 interrupted.',
].join('\n');

/** Runs one command line; the exit code, every failure reported in words (or as JSON with --json). */
export async function run(argv: string[], io: CliIo): Promise<ExitCode> {
  const json = argv.includes('--json');
  const ctx = makeCtx(io, json);
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    io.stdout.write(HELP + '\n');
    return name ? EXIT.ok : EXIT.usage;
  }
  const command = COMMANDS[name];
  try {
    if (!command) throw new CliError(`Unknown command "${name}"\n\n${HELP}`, EXIT.usage, 'usage');
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout.write(HELP + '\n');
      return EXIT.ok;
    }
    await command(ctx, rest);
    return EXIT.ok;
  } catch (err) {
    const failure =
      err instanceof CliError ? err : new CliError(String((err as Error)?.message ?? err), EXIT.server, 'unexpected');
    if (json)
      io.stdout.write(
        JSON.stringify({
          error: failure.message,
          code: failure.code,
          exitCode: failure.exitCode,
          details: failure.details,
        }) + '\n',
      );
    io.stderr.write(
      `fanout: ${failure.message}${failure.code && failure.code !== 'usage' ? ` (${failure.code})` : ''}\n`,
    );
    for (const v of violationsOf(failure.details)) io.stderr.write(`  ${v}\n`);
    return failure.exitCode;
  }
}

/** A refused post's broken rules, one line each: `tiktok: Caption is too long (caption.max_length)`. */
function violationsOf(details: unknown): string[] {
  const list = (details as { violations?: unknown } | undefined)?.violations;
  if (!Array.isArray(list)) return [];
  return (list as { platform: string; message: string; rule: string }[]).map(
    (v) => `${v.platform}: ${v.message} (${v.rule})`,
  );
}
