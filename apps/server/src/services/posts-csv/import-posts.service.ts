import {
  CSV_IMPORT_MAX_COLUMNS,
  CSV_IMPORT_MAX_ROW_BYTES,
  CSV_IMPORT_MAX_ROWS,
  type ImportRow,
  type ImportViolation,
  type PlatformKey,
  type PostsImportResult,
} from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { DB } from '../../db/database';
import { AppError } from '../../http/errors';
import { getOwnProject } from '../projects.service';
import { userTimeZone } from '../posts/create-posts.service';
import { commentRefusal } from '../posts/first-comment-scope';
import { planCopies } from '../posts/post-copies';
import { checkPlans, insertPlannedPosts } from '../posts/schedule-posts';
import type { PostAuthor } from '../approval/approval-rule';
import { queueTimes } from '../slots/queue-times';
import { parseCsv } from './parse-csv';
import { checkColumns, columnName, readRow } from './read-row';
import { planRows, type RowPlan } from './plan-rows';
import { pushTo } from './push-to';

const CSV_LIMITS = {
  maxRows: CSV_IMPORT_MAX_ROWS,
  maxColumns: CSV_IMPORT_MAX_COLUMNS,
  maxRowBytes: CSV_IMPORT_MAX_ROW_BYTES,
};

/** 400 of a real import with a broken row: nothing was made; the rows say why. */
export class ImportRowsError extends AppError {
  constructor(readonly result: PostsImportResult) {
    const broken = result.rows.filter((r) => !r.ok).length;
    super(400, 'validation_failed', `${broken} row${broken === 1 ? ' has' : 's have'} problems; nothing was created`);
  }
}

const asViolation = (platform: PlatformKey | null, err: AppError): ImportViolation => ({
  platform,
  field: 'scheduled_at',
  rule: err.code,
  message: err.message,
});

/** The queued plans of each account, in the order of the file. */
function queuedByAccount(plans: readonly RowPlan[]): Map<number, RowPlan[]> {
  const groups = new Map<number, RowPlan[]>();
  for (const plan of plans.filter((p) => p.queued)) pushTo(groups, plan.connection.id, plan);
  return groups;
}

/** Gives each queued plan its account's next free slot, in file order; an account without slots is a violation. */
async function assignQueue(db: DB, projectId: number, plans: readonly RowPlan[], now: Date) {
  const refused: { plan: RowPlan; violation: ImportViolation }[] = [];
  for (const group of queuedByAccount(plans).values()) {
    const platform = group[0]!.draft.platform;
    try {
      const times = await queueTimes(db, projectId, group[0]!.connection, group.length, now);
      group.forEach((plan, i) => (plan.scheduledAt = times[i]!));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      refused.push(...group.map((plan) => ({ plan, violation: asViolation(platform, err) })));
    }
  }
  return refused;
}

/**
 * POST /api/posts/import: every row read, its video found, its platforms' connections and rules checked
 * as POST /api/videos/:id/posts checks them, queued rows given their slots. A dry run makes nothing; a real
 * run makes every row's posts in one transaction, or none when any row is broken (400 with the rows).
 */
export async function importPosts(
  ctx: AppContext,
  userId: number,
  projectId: number,
  text: string,
  dryRun: boolean,
  /** Who imports, and whether their posts wait for approval (an editor, an API token). */
  author?: PostAuthor,
): Promise<PostsImportResult> {
  await getOwnProject(ctx, userId, projectId);
  const table = await parseCsv(text, CSV_LIMITS, columnName);
  checkColumns(table.columns);
  const now = new Date();
  const zone = await userTimeZone(ctx, author?.userId ?? userId);
  const drafts = table.rows.map((row) => readRow(row, zone, now));
  const { plans, violations } = await planRows(ctx, userId, projectId, drafts);
  const refuse = (plan: RowPlan, field: string, err: AppError) =>
    violations.get(plan.line)!.push({ platform: plan.draft.platform, field, rule: err.code, message: err.message });
  // The same copies and comment permission as a post made alone; each refusal is the row's, in its own column.
  const askCopies = await planCopies(
    ctx,
    userId,
    plans,
    plans.map((plan) => ({ fit: plan.fit })),
    (plan, err) => refuse(plan as RowPlan, 'fit', err),
  );
  for (const plan of plans) {
    const refusal = commentRefusal(plan);
    if (refusal) refuse(plan, plan.commentColumn ?? 'first_comment', refusal);
  }
  for (const { plan, violation } of await checkPlans(ctx, plans)) {
    const { line, commentColumn } = plan as RowPlan;
    const field = violation.field === 'firstComment' ? (commentColumn ?? 'first_comment') : violation.field;
    violations.get(line)!.push({ ...violation, field });
  }
  const plansByLine = new Map<number, RowPlan[]>();
  for (const plan of plans) pushTo(plansByLine, plan.line, plan);
  const verdict = (): ImportRow[] =>
    drafts.map((draft) => {
      const found = violations.get(draft.line)!;
      const rowPlans = plansByLine.get(draft.line) ?? [];
      return {
        line: draft.line,
        ok: found.length === 0,
        violations: found,
        ...(found.length === 0 && {
          posts: rowPlans.map((p) => ({
            id: p.postId ?? null,
            videoId: p.video.id,
            videoTitle: p.video.title,
            platform: p.draft.platform,
            connectionId: p.connection.id,
            accountName: p.connection.account_name,
            scheduledAt: p.scheduledAt.toISOString(),
            queued: p.queued,
          })),
        }),
      };
    });
  const broken = () => [...violations.values()].some((v) => v.length > 0);

  if (dryRun || broken()) {
    if (!broken()) {
      // What the queue would give now; the real run takes the slots again under the lock.
      const refused = await ctx.db.transaction().execute((trx) => assignQueue(trx, projectId, plans, now));
      for (const { plan, violation } of refused) violations.get(plan.line)!.push(violation);
    }
    const result = { rows: verdict(), created: 0, dryRun };
    if (!dryRun) throw new ImportRowsError(result);
    return result;
  }
  await askCopies();
  let refused: Awaited<ReturnType<typeof assignQueue>> = [];
  const posts = await insertPlannedPosts(
    ctx,
    userId,
    plans,
    async (trx) => {
      refused = await assignQueue(trx, projectId, plans, now);
      // A platform without slots fails the whole import: throwing rolls back, and the rows say why.
      if (refused.length > 0) throw new ImportRowsError({ rows: [], created: 0, dryRun });
    },
    author,
  ).catch((err: unknown) => {
    if (!(err instanceof ImportRowsError)) throw err;
    for (const { plan, violation } of refused) violations.get(plan.line)!.push(violation);
    throw new ImportRowsError({ rows: verdict(), created: 0, dryRun });
  });
  const ids = new Map(posts.map((post) => [`${post.videoId}:${post.connectionId}`, post.id]));
  for (const plan of plans) plan.postId = ids.get(`${plan.video.id}:${plan.connection.id}`);
  return { rows: verdict(), created: posts.length, dryRun };
}
