import readline from 'node:readline';
import { createFanoutClient } from '../../api/client';
import { parseCommand } from '../args';
import { configFile, saveLogin } from '../config';
import { makeCtx, type Ctx } from '../context';
import { CliError, EXIT, usageError } from '../exit-codes';
import { askHidden } from '../hidden-input';

export const LOGIN_HELP =
  'fanout login [--url <server>] [--token <token>]   ask for the server and a personal API token, check and store them';

/** Lines of stdin one at a time (a terminal or a pipe), so answers given ahead of their question are kept. */
function lineReader(ctx: Ctx) {
  const rl = readline.createInterface({ input: ctx.stdin, terminal: false });
  const lines: string[] = [];
  const waiting: ((line: string | undefined) => void)[] = [];
  rl.on('line', (line) => (waiting.length ? waiting.shift()!(line) : lines.push(line)));
  rl.on('close', () => waiting.splice(0).forEach((w) => w(undefined)));
  return {
    ask: (question: string) => {
      ctx.stderr.write(question);
      return lines.length ? Promise.resolve(lines.shift()) : new Promise<string | undefined>((r) => waiting.push(r));
    },
    close: () => rl.close(),
  };
}

/** Ctrl-C at the hidden prompt stops the command as a Ctrl-C anywhere else does (exit 130), storing nothing. */
const cancelled = (): never => {
  throw new CliError('Stopped: nothing stored', EXIT.interrupted, 'interrupted');
};

export async function login(ctx: Ctx, argv: string[]) {
  const { values } = parseCommand<{ url?: string; token?: string }>(argv, {
    url: { type: 'string' },
    token: { type: 'string' },
  });
  const reader = lineReader(ctx);
  const terminal = (ctx.stdin as { isTTY?: boolean }).isTTY === true;
  const tokenQuestion = 'Personal API token (Settings → API tokens, not shown as you type): ';
  let url: string | undefined, token: string | undefined;
  try {
    url = (values.url ?? (await reader.ask('Fanout server URL (e.g. https://fanout.example.com): ')))?.trim();
    if (values.token === undefined && !terminal) token = (await reader.ask(tokenQuestion))?.trim();
  } finally {
    reader.close();
  }
  // On a terminal the token is read without echo, so it never shows on the screen or in its scrollback.
  if (values.token !== undefined) token = values.token.trim();
  else if (terminal) token = (await askHidden(ctx.stdin, ctx.stderr, tokenQuestion).catch(cancelled))?.trim();
  if (!url || !/^https?:\/\//.test(url)) throw usageError('Give the server as an http(s) URL');
  if (!token) throw usageError('Give a personal API token');
  url = url.replace(/\/+$/, '');
  // Checked before it is stored: a wrong token or server is reported now, not at the first real command.
  const checking = makeCtx({ ...ctx, env: { ...ctx.env, FANOUT_URL: url, FANOUT_TOKEN: token } }, ctx.json);
  const { user } = await checking.call(createFanoutClient({ url, token }).GET('/api/auth/me'));
  saveLogin(ctx.env, { url, token });
  ctx.print(
    { url, user: { id: user.id, email: user.email }, config: configFile(ctx.env) },
    `Logged in to ${url} as ${user.email}.`,
  );
}
