import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { insightTools } from './insight-tools';
import { postTools } from './post-tools';
import { projectTools } from './project-tools';
import { registerResources } from './resources';
import { answerOf, type FanoutTool, type ToolContext } from './tool-kit';
import { uploadTools } from './upload-tools';
import { videoTools } from './video-tools';

/** Every tool, in the order a client lists them. */
export const FANOUT_TOOLS: readonly FanoutTool[] = [
  ...projectTools,
  ...videoTools,
  ...uploadTools,
  ...postTools,
  ...insightTools,
];

export const MCP_SERVER_NAME = 'fanout';

const INSTRUCTIONS =
  'Fanout publishes one video to several platforms (TikTok, YouTube, Instagram, Facebook, X, Reddit). Start with ' +
  'list_projects, then list_videos or an upload, check_fit when unsure a video suits a platform, create_posts to ' +
  'publish or schedule, and get_post to follow a post until it is published. A refusal answers the rules it broke.';

/**
 * The Fanout MCP server for one caller: every tool calls the HTTP API through `ctx.api`. `local` (stdio)
 * adds the tools that read files on this machine.
 */
export function createFanoutMcpServer(ctx: ToolContext, version: string): McpServer {
  const server = new McpServer({ name: MCP_SERVER_NAME, version }, { instructions: INSTRUCTIONS });
  for (const tool of FANOUT_TOOLS) {
    if (tool.only === 'local' && !ctx.local) continue;
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        annotations: {
          title: tool.title,
          readOnlyHint: tool.readOnly,
          destructiveHint: tool.readOnly ? undefined : tool.name === 'cancel_post',
          openWorldHint: !tool.readOnly,
        },
      },
      ((args: Record<string, unknown>) => answerOf(() => tool.run(ctx, args as never))) as never,
    );
  }
  registerResources(server, ctx);
  return server;
}
