import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createFanoutClient } from '../../api/client';
import { createFanoutMcpServer } from '../../mcp/server';
import { FileResumeStore } from '../../upload/resume-store';
import { parseCommand } from '../args';
import { uploadsFile } from '../config';
import type { Ctx } from '../context';

export const MCP_HELP = 'fanout mcp   the MCP server on stdin/stdout, for an assistant that starts it (docs/mcp.md)';

/** This command line's version, told to the MCP client. */
const VERSION = '0.1.0';

/**
 * The Fanout tools over stdio for as long as the client keeps stdin open. stdout carries nothing but the
 * protocol; the login (FANOUT_URL / FANOUT_TOKEN over the stored one) is checked before it starts.
 */
export async function mcp(ctx: Ctx, argv: string[]) {
  parseCommand(argv, {});
  const connection = ctx.login();
  const server = createFanoutMcpServer(
    {
      api: createFanoutClient(connection),
      local: { connection, store: new FileResumeStore(uploadsFile(ctx.env)) },
    },
    VERSION,
  );
  const transport = new StdioServerTransport(ctx.stdin as NodeJS.ReadStream, ctx.stdout as NodeJS.WriteStream);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    ctx.stdin.once('end', resolve);
    ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await server.connect(transport);
  await closed;
  await server.close();
}
