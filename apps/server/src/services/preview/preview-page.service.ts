import { postCaption, utcToZoned, type PlatformKey, type PreviewPage, type PreviewPost } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { PreviewLinkRow } from '../../db/notes.schema';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import { insertNote, listNotesOnPosts } from '../../repositories/notes.repository';
import {
  findPreviewLinkByHash,
  findPreviewProject,
  listPreviewPosts,
} from '../../repositories/preview-links.repository';
import { toIsoString } from '../users.service';
import { hashPreviewToken, PREVIEW_TOKEN_PATTERN } from './preview-token';

const gone = (code: string, message: string) => new AppError(410, code, message);

/**
 * The link a token opens: 404 for a token nobody made (malformed ones are not even looked up), 410 once it
 * has expired or been revoked. The token is compared by its SHA-256 only.
 */
export async function openPreviewLink(ctx: AppContext, token: string): Promise<PreviewLinkRow> {
  const link = PREVIEW_TOKEN_PATTERN.test(token)
    ? await findPreviewLinkByHash(ctx.db, hashPreviewToken(token))
    : undefined;
  if (!link) throw notFound('Preview');
  if (link.revoked_at) throw gone('preview_revoked', 'This preview link was revoked');
  if (link.expires_at.getTime() <= Date.now()) throw gone('preview_expired', 'This preview link has expired');
  return link;
}

const localTime = (at: Date, zone: string | undefined) => {
  if (!zone) return null;
  const z = utcToZoned(at, zone);
  return `${z.date}T${z.time}${z.offset}`;
};

/** The posts of the link as their platforms would show them, with their notes. */
export async function previewPage(ctx: AppContext, token: string, zone: string | undefined): Promise<PreviewPage> {
  const link = await openPreviewLink(ctx, token);
  const [project, rows] = await Promise.all([
    findPreviewProject(ctx.db, link.project_id),
    listPreviewPosts(ctx.db, link),
  ]);
  if (!project) throw notFound('Preview');
  const notes = await listNotesOnPosts(
    ctx.db,
    rows.map((r) => r.id),
  );
  const posts: PreviewPost[] = rows.map((row) => ({
    id: row.id,
    platform: row.platform as PlatformKey,
    accountName: row.account_name,
    status: row.status,
    caption: postCaption(row.platform as PlatformKey, row.caption, {
      title: row.video_title,
      description: row.video_description,
      tags: row.video_tags,
    }),
    videoTitle: row.video_title,
    scheduledAt: toIsoString(row.scheduled_at),
    localTime: localTime(row.scheduled_at, zone),
    publishedAt: row.published_at ? toIsoString(row.published_at) : null,
    url: row.url,
    mediaUrl: `/api/preview/${token}/media/${row.id}`,
    notes: notes
      .filter((n) => n.post_id === row.id)
      .map((n) => ({ authorName: n.author_name, text: n.text, createdAt: toIsoString(n.created_at) })),
  }));
  return {
    projectName: project.name,
    expiresAt: toIsoString(link.expires_at),
    allowNotes: link.allow_notes,
    allowApproval: link.allow_approval && project.needs_approval,
    posts,
  };
}

/** One post of the link (404 "Post not found" for any other, of this project or not), with its video's file. */
export async function previewPost(ctx: AppContext, link: PreviewLinkRow, postId: number) {
  const post = (await listPreviewPosts(ctx.db, link)).find((p) => p.id === postId);
  if (!post) throw notFound('Post');
  return post;
}

/** A visitor's note on one post of the link, when the link allows notes. */
export async function addPreviewNote(
  ctx: AppContext,
  token: string,
  body: { name: string; text: string; postId?: number | undefined },
): Promise<{ id: number }> {
  const link = await openPreviewLink(ctx, token);
  if (!link.allow_notes) throw forbidden('This preview link does not take notes', 'notes_not_allowed');
  const posts = await listPreviewPosts(ctx.db, link);
  const postId = body.postId ?? (posts.length === 1 ? posts[0]!.id : undefined);
  if (postId === undefined) throw badRequest('Say which post the note is on (postId)', 'post_required');
  if (!posts.some((p) => p.id === postId)) throw notFound('Post');
  const row = await insertNote(ctx.db, {
    projectId: link.project_id,
    ownerId: link.user_id,
    on: { postId },
    authorId: null,
    authorName: body.name,
    previewLinkId: link.id,
    text: body.text,
    mentions: [],
  });
  return { id: row.id };
}

/** A link that allows approval, and the post of it the visitor decides on. */
export async function decisionTarget(ctx: AppContext, token: string, postId: number): Promise<PreviewLinkRow> {
  const link = await openPreviewLink(ctx, token);
  if (!link.allow_approval) throw forbidden('This preview link is read-only', 'approval_not_allowed');
  await previewPost(ctx, link, postId);
  return link;
}
