import {
  PREVIEW_LINK_DEFAULT_DAYS,
  PREVIEW_LINK_MAX_DAYS,
  type CreatePreviewLinkBody,
  type PreviewLink,
} from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { PreviewLinkRow } from '../../db/notes.schema';
import { badRequest, notFound } from '../../http/errors';
import {
  countPostsOfProject,
  insertPreviewLink,
  listPreviewLinksOfProject,
  revokePreviewLink,
} from '../../repositories/preview-links.repository';
import { toIsoString } from '../users.service';
import type { ProjectAccess } from '../access/project-access';
import { hashPreviewToken, newPreviewToken } from './preview-token';

const DAY_MS = 86_400_000;

export function toPreviewLinkJson(row: PreviewLinkRow, url: string | null): PreviewLink {
  return {
    id: row.id,
    url,
    postIds: row.post_ids,
    range: row.range_from && row.range_to ? { from: toIsoString(row.range_from), to: toIsoString(row.range_to) } : null,
    expiresAt: toIsoString(row.expires_at),
    allowNotes: row.allow_notes,
    allowApproval: row.allow_approval,
    revokedAt: row.revoked_at ? toIsoString(row.revoked_at) : null,
    createdAt: toIsoString(row.created_at),
  };
}

function expiryOf(body: CreatePreviewLinkBody, now: number): Date {
  if (!body.expiresAt) return new Date(now + PREVIEW_LINK_DEFAULT_DAYS * DAY_MS);
  const at = Date.parse(body.expiresAt);
  if (at <= now) throw badRequest('The link would have expired already: choose a later time', 'expiry_in_past');
  if (at > now + PREVIEW_LINK_MAX_DAYS * DAY_MS) {
    throw badRequest(`A preview link lives at most ${PREVIEW_LINK_MAX_DAYS} days`, 'expiry_too_far');
  }
  return new Date(at);
}

/**
 * Makes a link: the token is shown once, in the answer's `url`, and only its hash is kept. Named posts must all
 * be the project's (400 `invalid_posts` otherwise, with nothing stored); a range is kept as a range and
 * resolved to the posts scheduled in it each time the page is opened.
 */
export async function createPreviewLink(
  ctx: AppContext,
  access: ProjectAccess,
  body: CreatePreviewLinkBody,
): Promise<PreviewLink> {
  const expiresAt = expiryOf(body, Date.now());
  const postIds = body.postIds ? [...new Set(body.postIds)] : null;
  if (postIds && (await countPostsOfProject(ctx.db, access.projectId, postIds)) !== postIds.length) {
    throw badRequest('Some of these posts are not in this project', 'invalid_posts');
  }
  const token = newPreviewToken();
  const row = await insertPreviewLink(ctx.db, {
    projectId: access.projectId,
    ownerId: access.ownerId,
    createdBy: access.actorId,
    tokenHash: hashPreviewToken(token),
    postIds,
    range: body.range ? { from: new Date(body.range.from), to: new Date(body.range.to) } : null,
    expiresAt,
    allowNotes: body.allowNotes,
    allowApproval: body.allowApproval,
  });
  return toPreviewLinkJson(row, `${ctx.config.publicUrl}/preview/${token}`);
}

/** The project's links, newest first; their tokens are not known any more (`url` null). */
export async function listPreviewLinks(ctx: AppContext, access: ProjectAccess): Promise<PreviewLink[]> {
  return (await listPreviewLinksOfProject(ctx.db, access.projectId)).map((row) => toPreviewLinkJson(row, null));
}

export async function revokeLink(ctx: AppContext, access: ProjectAccess, linkId: number): Promise<void> {
  if (!(await revokePreviewLink(ctx.db, access.projectId, linkId, new Date()))) throw notFound('Preview link');
}
