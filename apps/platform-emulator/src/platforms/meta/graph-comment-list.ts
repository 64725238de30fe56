import type { EmulatorContext } from '../../core/context';
import { json, type EmuRequest, type EmuResponse } from '../../core/http';
import type { CommentItem } from '../../core/published';
import { pickFields } from './graph-params';

/** How a Graph host shows one comment: its node type, its fields, those answered unasked, and their values. */
export interface CommentNode {
  nodeType: string;
  known: readonly string[];
  defaults: readonly string[];
  values(c: CommentItem): Record<string, unknown>;
}

/**
 * `GET /<object-id>/comments` on either Graph host: the object's comments, oldest first (the edge's default
 * chronological order), with `fields` and Graph's cursor paging (`limit`, default 25; `after`; `paging.next`).
 */
export function listGraphComments(
  ctx: EmulatorContext,
  req: EmuRequest,
  host: string,
  comments: readonly CommentItem[],
  node: CommentNode,
): EmuResponse {
  const limit = Math.min(Math.max(Number(req.query.get('limit') ?? 25) || 25, 1), 100);
  const start = Number(Buffer.from(req.query.get('after') ?? '', 'base64url').toString() || 0) || 0;
  const data: Record<string, unknown>[] = [];
  for (const c of comments.slice(start, start + limit)) {
    const picked = pickFields(req.query.get('fields'), { ...node, values: node.values(c) });
    if (!picked.ok) return picked.response;
    data.push(picked.body);
  }
  const cursor = (n: number) => Buffer.from(String(n)).toString('base64url');
  const paging: Record<string, unknown> = { cursors: { before: cursor(start), after: cursor(start + data.length) } };
  if (start + data.length < comments.length) {
    const next = new URL(ctx.apiUrl(host, req.path));
    next.searchParams.set('limit', String(limit));
    next.searchParams.set('after', cursor(start + data.length));
    if (req.query.get('fields')) next.searchParams.set('fields', req.query.get('fields')!);
    paging.next = next.toString();
  }
  return json(200, { data, paging });
}

/** The comments made under one object of one platform, oldest first. */
export const commentsUnder = (ctx: EmulatorContext, platform: string, objectId: string) =>
  ctx.published.comments().filter((c) => c.platform === platform && c.postId === objectId);
