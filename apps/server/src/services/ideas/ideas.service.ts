import {
  IDEA_COLUMNS,
  IDEAS_PER_PROJECT_MAX,
  type CreateIdeaBody,
  type Idea,
  type IdeaColumn,
  type UpdateIdeaBody,
} from '@fanout/contracts';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../http/errors';
import {
  deleteIdeaRow,
  findIdeaOfUser,
  insertIdea,
  updateIdeaFields,
  videoInProject,
} from '../../repositories/ideas.repository';
import { getOwnProject } from '../projects.service';
import { followsPosts, moveTo, placeOf } from './board-layout';
import { withBoard, type Board } from './board-transaction';

const COLUMN_NAMES: Record<IdeaColumn, string> = {
  idea: 'Idea',
  drafting: 'Drafting',
  ready: 'Ready',
  scheduled: 'Scheduled',
  published: 'Published',
};

const byBoardOrder = (a: Idea, b: Idea) =>
  IDEA_COLUMNS.indexOf(a.column) - IDEA_COLUMNS.indexOf(b.column) || a.position - b.position;

/**
 * The column an idea goes to: where its video's posts put it, else where it was asked to go. Scheduled and
 * Published are never chosen by hand: they say what the posts did.
 */
function targetColumn(stage: IdeaColumn | null, asked: IdeaColumn | undefined, otherwise: IdeaColumn): IdeaColumn {
  if (stage) {
    if (asked !== undefined && asked !== stage) {
      throw conflict(
        `This idea's video has a ${stage} post, so the idea stays in ${COLUMN_NAMES[stage]}. ` +
          'Cancel the post or detach the video to move it.',
        'column_follows_posts',
      );
    }
    return stage;
  }
  if (asked !== undefined && followsPosts(asked)) {
    throw conflict(
      `Ideas move to ${COLUMN_NAMES[asked]} by themselves, when their video's post is ` +
        `${asked === 'published' ? 'published' : 'scheduled'}. Attach a video and turn the idea into a post.`,
      'column_follows_posts',
    );
  }
  return asked ?? (followsPosts(otherwise) ? 'ready' : otherwise);
}

async function checkVideo(board: Board, userId: number, videoId: number | null | undefined) {
  if (videoId === undefined || videoId === null) return;
  if (!(await videoInProject(board.trx, videoId, board.projectId, userId))) {
    throw badRequest('That video is not in this project', 'invalid_video');
  }
}

/** GET /api/ideas: the project's board, column by column, top first. */
export async function listIdeas(ctx: AppContext, userId: number, projectId: number): Promise<Idea[]> {
  await getOwnProject(ctx, userId, projectId);
  const { ideas } = await withBoard(ctx, projectId, async () => undefined);
  return ideas.sort(byBoardOrder);
}

/** POST /api/ideas: a new idea at the bottom of its column. */
export async function createIdea(ctx: AppContext, userId: number, body: CreateIdeaBody): Promise<Idea> {
  await getOwnProject(ctx, userId, body.project_id);
  const { result: id, ideas } = await withBoard(ctx, body.project_id, async (board) => {
    if (board.records.length >= IDEAS_PER_PROJECT_MAX) {
      throw conflict(`A project holds at most ${IDEAS_PER_PROJECT_MAX} ideas`, 'too_many_ideas');
    }
    const videoId = body.videoId ?? null;
    await checkVideo(board, userId, videoId);
    const stage = await board.stageOfVideo(videoId);
    // A new idea's chosen column (Idea, Drafting, Ready) is where it starts; a video that already has posts puts
    // it straight where they stand, as it would move any card. Only asking for a posts' column is checked.
    const asked = stage && body.column !== undefined && !followsPosts(body.column) ? undefined : body.column;
    const column = targetColumn(stage, asked, 'idea');
    const newId = await insertIdea(board.trx, {
      userId,
      projectId: body.project_id,
      title: body.title,
      notes: body.notes ?? '',
      column,
      position: board.layout[column].length,
      dueDate: body.dueDate ?? null,
      videoId,
    });
    moveTo(board.layout, newId, column);
    return newId;
  });
  return ideas.find((idea) => idea.id === id)!;
}

async function ownIdea(ctx: AppContext, userId: number, ideaId: number) {
  const record = await findIdeaOfUser(ctx.db, ideaId, userId);
  if (!record) throw notFound('Idea');
  return record;
}

/** PATCH /api/ideas/:id: its fields, and a move to a column and position. */
export async function updateIdea(ctx: AppContext, userId: number, ideaId: number, body: UpdateIdeaBody): Promise<Idea> {
  const { project_id: projectId } = await ownIdea(ctx, userId, ideaId);
  const { ideas } = await withBoard(ctx, projectId, async (board) => {
    const record = board.records.find((r) => r.id === ideaId);
    const place = placeOf(board.layout, ideaId);
    if (!record || !place) throw notFound('Idea');
    await checkVideo(board, userId, body.videoId);
    const videoId = body.videoId !== undefined ? body.videoId : record.video_id;
    const column = targetColumn(await board.stageOfVideo(videoId), body.column, place.column);
    if (column !== place.column || body.position !== undefined) moveTo(board.layout, ideaId, column, body.position);
    await updateIdeaFields(board.trx, ideaId, {
      title: body.title,
      notes: body.notes,
      dueDate: body.dueDate,
      videoId: body.videoId,
    });
  });
  return ideas.find((idea) => idea.id === ideaId)!;
}

/** DELETE /api/ideas/:id: the cards below it move up. */
export async function deleteIdea(ctx: AppContext, userId: number, ideaId: number): Promise<void> {
  const { project_id: projectId } = await ownIdea(ctx, userId, ideaId);
  await withBoard(ctx, projectId, async (board) => {
    if (!board.records.some((r) => r.id === ideaId)) throw notFound('Idea');
    for (const column of IDEA_COLUMNS) board.layout[column] = board.layout[column].filter((id) => id !== ideaId);
    await deleteIdeaRow(board.trx, ideaId);
  });
}
