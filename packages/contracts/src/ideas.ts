import { z } from 'zod';
import { Id, IdText } from './common';

/**
 * The planning board's columns, left to right. `idea`, `drafting` and `ready` are chosen by the person;
 * `scheduled` and `published` follow the attached video's posts by themselves (a scheduled, publishing or
 * unconfirmed post: Scheduled; a published one: Published).
 */
export const IDEA_COLUMNS = ['idea', 'drafting', 'ready', 'scheduled', 'published'] as const;
export const IdeaColumn = z.enum(IDEA_COLUMNS);
export type IdeaColumn = z.infer<typeof IdeaColumn>;

/** The columns an idea lands in only through its video's posts. */
export const POST_FOLLOWING_COLUMNS: readonly IdeaColumn[] = ['scheduled', 'published'];

export const IDEA_TITLE_MAX = 200;
export const IDEA_NOTES_MAX = 5000;
/** Ideas per project: the board is read in one answer, so it stays bounded. */
export const IDEAS_PER_PROJECT_MAX = 2000;

const Title = z
  .string()
  .trim()
  .min(1, 'Give the idea a title')
  .max(IDEA_TITLE_MAX, `A title is at most ${IDEA_TITLE_MAX} characters`);
const Notes = z.string().max(IDEA_NOTES_MAX, `Notes are at most ${IDEA_NOTES_MAX} characters`);
/** A calendar date, `YYYY-MM-DD`, that exists. */
const DueDate = z.iso.date();

export const Idea = z
  .object({
    id: z.number().int(),
    projectId: z.number().int(),
    title: z.string(),
    notes: z.string(),
    column: IdeaColumn,
    /** 0-based place in its column, top first; a column's positions are 0 … n-1. */
    position: z.number().int(),
    /** `YYYY-MM-DD` or null. */
    dueDate: z.string().nullable(),
    videoId: z.number().int().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Idea' });
export type Idea = z.infer<typeof Idea>;

export const IdeasQuery = z.object({ project_id: IdText });
export type IdeasQuery = z.infer<typeof IdeasQuery>;

export const CreateIdeaBody = z.strictObject({
  project_id: Id,
  title: Title,
  notes: Notes.optional(),
  /** Default `idea`; the new idea goes to the bottom of its column. */
  column: IdeaColumn.optional(),
  dueDate: DueDate.nullable().optional(),
  videoId: Id.nullable().optional(),
});
export type CreateIdeaBody = z.infer<typeof CreateIdeaBody>;

export const UpdateIdeaBody = z
  .strictObject({
    title: Title.optional(),
    notes: Notes.optional(),
    column: IdeaColumn.optional(),
    /** The place in the (new) column, 0 = top; past the end means the bottom. */
    position: z.number().int().min(0).max(IDEAS_PER_PROJECT_MAX).optional(),
    dueDate: DueDate.nullable().optional(),
    videoId: Id.nullable().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to change');
export type UpdateIdeaBody = z.infer<typeof UpdateIdeaBody>;

export const IdeaList = z.object({ ideas: z.array(Idea) });
export type IdeaList = z.infer<typeof IdeaList>;

export const IdeaResponse = z.object({ idea: Idea });
export type IdeaResponse = z.infer<typeof IdeaResponse>;
