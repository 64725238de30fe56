import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { ApiError } from '../api/api-error';
import type { Connection, ErrorBody, FanoutClient } from '../api/client';
import type { ResumeStore } from '../upload/resume-store';

/** What a tool works with: the typed client, and on stdio the connection and resume store a local upload needs. */
export interface ToolContext {
  api: FanoutClient;
  /** Only where the server runs beside the files (stdio): the local-path upload uses it. */
  local?: { connection: Connection; store: ResumeStore };
}

/** A tool's answer: the API's data as structured content, and a short line for the person. */
export interface ToolAnswer {
  data: Record<string, unknown>;
  text: string;
}

type Shape = z.ZodRawShape;

/** One MCP tool, written once for every transport. */
export interface FanoutTool<S extends Shape = Shape> {
  name: string;
  title: string;
  description: string;
  /** true: it only reads; false: it changes something (a read-only API token is refused it by the API). */
  readOnly: boolean;
  input: S;
  /** `local`: only where files on the same machine can be read (stdio). */
  only?: 'local';
  run(ctx: ToolContext, args: z.infer<z.ZodObject<S>>): Promise<ToolAnswer>;
}

export const defineTool = <S extends Shape>(tool: FanoutTool<S>): FanoutTool => tool as unknown as FanoutTool;

/** The data of an API answer through the typed client, or an ApiError with the API's `{error, code}`. */
export async function call<T>(request: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const answer = await request;
  if (answer.error === undefined && answer.response.ok) return answer.data as T;
  const body = answer.error as ErrorBody | undefined;
  if (body && typeof body.error === 'string' && typeof body.code === 'string')
    throw new ApiError(answer.response.status, body);
  throw new ApiError(answer.response.status, {
    error: `The server answered ${answer.response.status}`,
    code: `http_${answer.response.status}`,
  });
}

interface Violation {
  platform?: string;
  rule?: string;
  message?: string;
  videoId?: number;
}

/** A refusal in words an assistant can act on: the API's message and code, then each broken rule on a line. */
export function refusalText(body: ErrorBody, status: number): string {
  const lines = [`Refused (${status} ${body.code}): ${body.error}`];
  const violations = Array.isArray(body.violations) ? (body.violations as Violation[]) : [];
  for (const v of violations)
    lines.push(`- ${v.platform ?? 'all'}: ${v.message ?? ''}${v.rule ? ` (rule ${v.rule})` : ''}`.trimEnd());
  if (violations.length)
    lines.push('Change what these rules name (caption, options, the video or its copy) and try again.');
  return lines.join('\n');
}

/** A tool's answer as MCP wants it; a refusal as `isError` with the API's body, any other failure as it is. */
export async function answerOf(run: () => Promise<ToolAnswer>): Promise<CallToolResult> {
  try {
    const { data, text } = await run();
    return { content: [{ type: 'text', text }], structuredContent: data };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return {
      isError: true,
      content: [{ type: 'text', text: refusalText(err.body, err.status) }],
      structuredContent: { status: err.status, ...err.body },
    };
  }
}

/** "3 posts: #4 tiktok scheduled 2027-03-01T08:00:00Z, …" */
export function postSummary(post: { id: number; platform: string; status: string; scheduledAt?: string | null }) {
  return `#${post.id} ${post.platform} ${post.status}${post.scheduledAt ? ` at ${post.scheduledAt}` : ''}`;
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
