import type { ImportViolation, PlatformKey } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { PlatformConnectionRow } from '../../db/connections.schema';
import type { VideoRow } from '../../db/schema';
import { AppError, conflict } from '../../http/errors';
import { listConnectionsOfProject } from '../../repositories/connections.repository';
import { findProjectVideosByIds, findProjectVideosByTitles } from '../../repositories/posts-import.repository';
import { findPostsInStatus } from '../../repositories/posts.repository';
import { assertPostable } from '../posts/create-posts.service';
import { BLOCKING_STATUSES, blocks, pickConnections, platformNames } from '../posts/post-targets';
import type { PostPlan } from '../posts/schedule-posts';
import { pushTo } from './push-to';
import type { RowDraft } from './read-row';

/** A post one row makes, with the row's line; a queued one gets its time from the queue. */
export interface RowPlan extends PostPlan {
  line: number;
  queued: boolean;
  postId?: number;
  /** Sends its default fitting copy (`fit`, `<platform>.fit`). */
  fit: boolean;
  /** The column its first comment came from, to name in the comment's violations. */
  commentColumn?: string;
}

const violation = (platform: PlatformKey | null, field: string, rule: string, message: string): ImportViolation => ({
  platform,
  field,
  rule,
  message,
});

/** The rows' videos, looked up at once: by id, and by title (a title must name exactly one video). */
async function videosOf(ctx: AppContext, userId: number, projectId: number, drafts: readonly RowDraft[]) {
  const ids = drafts.flatMap((d) => (d.video && 'id' in d.video ? [d.video.id] : []));
  const titles = drafts.flatMap((d) => (d.video && 'title' in d.video ? [d.video.title] : []));
  const byId = new Map((await findProjectVideosByIds(ctx.db, projectId, userId, ids)).map((v) => [v.id, v]));
  const byTitle = new Map<string, VideoRow[]>();
  for (const video of await findProjectVideosByTitles(ctx.db, projectId, userId, titles)) {
    pushTo(byTitle, video.title, video);
  }
  return { byId, byTitle };
}

/**
 * The connection a row's platform goes out through, or why there is none usable: the account its
 * `<platform>.connection` cell names (its id on the platform or its name), else the platform's only account
 * (as posting asks).
 */
async function connectionsOf(ctx: AppContext, projectId: number) {
  const rows = await listConnectionsOfProject(ctx.db, projectId);
  return (platform: PlatformKey, account: string | undefined): PlatformConnectionRow | AppError => {
    try {
      if (account === undefined) return pickConnections(rows, [{ platform }])[0]!;
      const named = rows.filter(
        (r) => r.platform === platform && (r.account_id === account || r.account_name === account),
      );
      if (named.length !== 1) {
        const why = named.length === 0 ? 'has no account' : 'has several accounts';
        throw conflict(
          `${platformNames([platform])} ${why} "${account}" in this project: use the account's id on the platform`,
          named.length === 0 ? 'not_connected' : 'connection_required',
        );
      }
      return pickConnections(rows, [{ platform, connectionId: named[0]!.id }])[0]!;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return err;
    }
  };
}

function videoOfRow(
  draft: RowDraft,
  videos: Awaited<ReturnType<typeof videosOf>>,
  out: ImportViolation[],
): VideoRow | undefined {
  if (!draft.video) return undefined;
  if ('id' in draft.video) {
    const video = videos.byId.get(draft.video.id);
    if (!video) out.push(violation(null, 'video_id', 'video.not_found', `No video ${draft.video.id} in this project`));
    return video;
  }
  const { title } = draft.video;
  const matches = videos.byTitle.get(title) ?? [];
  if (matches.length === 1) return matches[0];
  out.push(
    matches.length === 0
      ? violation(null, 'video_title', 'video.not_found', `No video in this project is titled "${title}"`)
      : violation(
          null,
          'video_title',
          'video.ambiguous',
          `${matches.length} videos in this project are titled "${title}": use video_id (${matches
            .map((v) => v.id)
            .sort((a, b) => a - b)
            .join(', ')})`,
        ),
  );
  return undefined;
}

/**
 * The posts each row would make, and each row's violations so far (by line): its own mistakes, its video
 * (missing, ambiguous, untitled), its platforms' connections, posts that already block it, and a video sent
 * to a platform twice in the file. Platform rules are checked afterwards, on the plans.
 */
export async function planRows(ctx: AppContext, userId: number, projectId: number, drafts: readonly RowDraft[]) {
  const videos = await videosOf(ctx, userId, projectId, drafts);
  const connectionOf = await connectionsOf(ctx, projectId);
  const videoIds = [...videos.byId.keys(), ...[...videos.byTitle.values()].flat().map((v) => v.id)];
  const blocking = await findPostsInStatus(ctx.db, [...new Set(videoIds)], BLOCKING_STATUSES);
  const inFile = new Map<string, number>();
  const plans: RowPlan[] = [];
  const violations = new Map<number, ImportViolation[]>();
  for (const draft of drafts) {
    const out = [...draft.violations];
    violations.set(draft.line, out);
    const video = videoOfRow(draft, videos, out);
    if (!video) continue;
    try {
      assertPostable(video);
    } catch (err) {
      out.push(violation(null, 'video_id', (err as AppError).code, (err as AppError).message));
      continue;
    }
    for (const platform of draft.platforms) {
      const connection = connectionOf(platform, draft.accounts[platform]);
      if (connection instanceof AppError) {
        out.push(violation(platform, 'platforms', connection.code, connection.message));
        continue;
      }
      const pair = {
        videoId: video.id,
        platform,
        accountId: connection.account_id,
        accountName: connection.account_name,
        title: video.title,
      };
      const key = `${video.id}:${connection.id}`;
      const status = blocking.find((p) => blocks(p, pair))?.status;
      if (status) {
        const name = `${platformNames([platform])} (${connection.account_name})`;
        out.push(
          violation(
            platform,
            'platforms',
            'already_posted',
            `"${video.title}" already has a ${status} post on ${name}`,
          ),
        );
      }
      const earlier = inFile.get(key);
      if (earlier !== undefined) {
        const message = `Line ${earlier} already sends "${video.title}" to ${platformNames([platform])} (${connection.account_name})`;
        out.push(violation(platform, 'platforms', 'duplicate_in_file', message));
      } else inFile.set(key, draft.line);
      plans.push({
        line: draft.line,
        queued: draft.scheduledAt === null,
        video,
        draft: {
          platform,
          caption: draft.caption,
          options: draft.options[platform] ?? {},
          firstComment: draft.firstComments[platform]?.text ?? null,
        },
        connection,
        scheduledAt: draft.scheduledAt ?? new Date(),
        fit: draft.fit[platform] ?? false,
        commentColumn: draft.firstComments[platform]?.column,
      });
    }
  }
  return { plans, violations };
}
