import { IdeaColumn, type Idea } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { DB } from '../../db/database';
import {
  listIdeaRecords,
  lockBoard,
  moveIdeas,
  videoPostStages,
  type IdeaRecord,
} from '../../repositories/ideas.repository';
import { changedPlaces, followPostStages, layoutOf, placeOf, type BoardLayout } from './board-layout';

/** A project's board inside its transaction: the stored ideas, their layout, and where their videos' posts stand. */
export interface Board {
  trx: DB;
  projectId: number;
  records: IdeaRecord[];
  layout: BoardLayout;
  /** The column a video's posts put its ideas in, or null. */
  stageOfVideo(videoId: number | null): Promise<IdeaColumn | null>;
}

function stageColumn(stage: { published: boolean; pending: boolean } | undefined): IdeaColumn | null {
  if (stage?.published) return 'published';
  if (stage?.pending) return 'scheduled';
  return null;
}

/**
 * Runs `change` on the project's board in one transaction, under the board's lock, after every idea has
 * followed its video's posts; then writes every place that moved in one statement. So positions stay
 * 0 … n-1 in each column, however many moves arrive at once.
 */
export async function withBoard<T>(
  ctx: AppContext,
  projectId: number,
  change: (board: Board) => Promise<T>,
): Promise<{ result: T; ideas: Idea[] }> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockBoard(trx, projectId);
    const records = await listIdeaRecords(trx, projectId);
    const places = records.map((r) => ({ id: r.id, column: IdeaColumn.parse(r.board_column), position: r.position }));
    const videoIds = [...new Set(records.flatMap((r) => (r.video_id === null ? [] : [r.video_id])))];
    const stages = new Map((await videoPostStages(trx, videoIds)).map((s) => [s.video_id, stageColumn(s)]));
    const layout = layoutOf(places);
    const videoOf = new Map(records.map((r) => [r.id, r.video_id]));
    followPostStages(layout, (id) => stages.get(videoOf.get(id) ?? -1) ?? null);

    const board: Board = {
      trx,
      projectId,
      records,
      layout,
      async stageOfVideo(videoId) {
        if (videoId === null) return null;
        if (!stages.has(videoId)) stages.set(videoId, stageColumn((await videoPostStages(trx, [videoId]))[0]));
        return stages.get(videoId) ?? null;
      },
    };
    const result = await change(board);
    await moveIdeas(trx, changedPlaces(places, layout));
    const fresh = await listIdeaRecords(trx, projectId);
    return { result, ideas: fresh.map((r) => toIdea(r, layout)) };
  });
}

export function toIdea(record: IdeaRecord, layout: BoardLayout): Idea {
  const place = placeOf(layout, record.id);
  return {
    id: record.id,
    projectId: record.project_id,
    title: record.title,
    notes: record.notes,
    column: place?.column ?? IdeaColumn.parse(record.board_column),
    position: place?.position ?? record.position,
    dueDate: record.due_date,
    videoId: record.video_id,
    createdAt: record.created_at.toISOString(),
  };
}
