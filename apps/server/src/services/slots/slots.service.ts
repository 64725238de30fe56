import {
  PostingSlots,
  slotMinutes,
  slotTimeText,
  type BestTimes,
  type PlatformKey,
  type PutPostingSlotsBody,
} from '@fanout/contracts';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { listLatestPostMetrics } from '../../repositories/post-metrics.repository';
import { findSlotTimeZone, listPostingSlots, replacePostingSlots } from '../../repositories/posting-slots.repository';
import { findProjectOfUser } from '../../repositories/projects.repository';
import { listConnectionsOfProject } from '../../repositories/connections.repository';
import { namedAccounts } from '../posts/post-targets';
import { rankBestTimes } from './best-times';

/** The caller's project's id and time zone; 404 for anyone else's (or none). */
async function ownProject(ctx: AppContext, userId: number, projectId: number) {
  const project = await findProjectOfUser(ctx.db, projectId, userId);
  if (!project) throw notFound('Project');
  return project;
}

/** GET /api/projects/:id/slots */
export async function getPostingSlots(ctx: AppContext, userId: number, projectId: number): Promise<PostingSlots> {
  const project = await ownProject(ctx, userId, projectId);
  const [timezone, rows] = await Promise.all([
    findSlotTimeZone(ctx.db, project.id),
    listPostingSlots(ctx.db, project.id),
  ]);
  return {
    timezone: timezone ?? project.time_zone,
    slots: rows.map((row) => ({
      platform: row.platform as PlatformKey,
      weekday: row.weekday,
      time: slotTimeText(row.minute),
      ...(row.connection_ids && { connectionIds: row.connection_ids }),
    })),
  };
}

/** PUT /api/projects/:id/slots: every slot replaced at once; no `timezone`: the project's own. */
export async function putPostingSlots(
  ctx: AppContext,
  userId: number,
  projectId: number,
  body: { timezone?: string; slots: PutPostingSlotsBody['slots'] },
): Promise<PostingSlots> {
  const project = await ownProject(ctx, userId, projectId);
  const timezone = body.timezone ?? project.time_zone;
  // A slot names the project's own accounts, of its platform (404 or 400 `connection_platform_mismatch`).
  const rows = await listConnectionsOfProject(ctx.db, project.id);
  for (const slot of body.slots) namedAccounts(rows, [slot.platform], slot.connectionIds ?? []);
  await ctx.db.transaction().execute(async (trx) => {
    await replacePostingSlots(
      trx,
      project.id,
      timezone,
      body.slots.map((slot) => ({
        platform: slot.platform,
        weekday: slot.weekday,
        minute: slotMinutes(slot.time),
        connection_ids: slot.connectionIds ?? null,
      })),
    );
  });
  return getPostingSlots(ctx, userId, projectId);
}

/** GET /api/projects/:id/best-times?platform= */
export async function getBestTimes(
  ctx: AppContext,
  userId: number,
  projectId: number,
  platform: PlatformKey,
): Promise<BestTimes> {
  const project = await ownProject(ctx, userId, projectId);
  const [zone, rows] = await Promise.all([
    findSlotTimeZone(ctx.db, project.id),
    listLatestPostMetrics(ctx.db, project.id, { platform }),
  ]);
  return rankBestTimes(rows, platform, zone ?? project.time_zone);
}
