import { IDEA_COLUMNS, POST_FOLLOWING_COLUMNS, type Idea, type IdeaColumn, type PostCounts } from '@fanout/contracts';

export const COLUMN_LABELS: Record<IdeaColumn, string> = {
  idea: 'Idea',
  drafting: 'Drafting',
  ready: 'Ready',
  scheduled: 'Scheduled',
  published: 'Published',
};

export const followsPosts = (column: IdeaColumn) => POST_FOLLOWING_COLUMNS.includes(column);

/** The column a video's posts put its ideas in (as the server decides it), or null when they put it nowhere. */
export function postsColumn(counts: PostCounts): IdeaColumn | null {
  if (counts.published > 0) return 'published';
  if (counts.scheduled + counts.publishing + counts.unconfirmed > 0) return 'scheduled';
  return null;
}

/** The board's columns, each top first. */
export function columnsOf(ideas: readonly Idea[]): Record<IdeaColumn, Idea[]> {
  const columns = Object.fromEntries(IDEA_COLUMNS.map((c) => [c, [] as Idea[]])) as Record<IdeaColumn, Idea[]>;
  for (const idea of [...ideas].sort((a, b) => a.position - b.position)) columns[idea.column].push(idea);
  return columns;
}

/** The board after moving one idea to `position` of `column` (none or past the end: the bottom), renumbered. */
export function moveIdea(ideas: readonly Idea[], id: number, column: IdeaColumn, position?: number): Idea[] {
  const moving = ideas.find((idea) => idea.id === id);
  if (!moving) return [...ideas];
  const columns = columnsOf(ideas.filter((idea) => idea.id !== id));
  const target = columns[column];
  const at = position === undefined ? target.length : Math.min(Math.max(position, 0), target.length);
  target.splice(at, 0, { ...moving, column });
  return IDEA_COLUMNS.flatMap((c) => columns[c].map((idea, index) => ({ ...idea, position: index })));
}

/**
 * Why an idea cannot go to a column, in the server's words, or null. Scheduled and Published follow the
 * attached video's posts, so no one puts an idea in them, or takes it out, by hand.
 */
export function moveRefusal(idea: Idea, column: IdeaColumn): string | null {
  if (column === idea.column) return null;
  if (followsPosts(idea.column)) {
    return (
      `This idea's video has a ${idea.column} post, so the idea stays in ${COLUMN_LABELS[idea.column]}. ` +
      'Cancel the post or detach the video to move it.'
    );
  }
  if (followsPosts(column)) {
    return (
      `Ideas move to ${COLUMN_LABELS[column]} by themselves, when their video's post is ` +
      `${column === 'published' ? 'published' : 'scheduled'}. Attach a video and turn the idea into a post.`
    );
  }
  return null;
}
