import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Idea, IdeaColumn } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { PlusIcon } from '@/components/ui/icons';
import { ErrorState, PageHeader, Skeleton } from '@/components/ui/States';
import { useToast } from '@/components/ui/Toast';
import { usePageTitle } from '@/features/config';
import { useVideos } from '@/features/library';
import { ReadOnlyNote, useCanChangeProject, useCurrentProject } from '@/features/projects';
import { errorMessage } from '@/lib/api-client';
import { useCreateIdea } from '../api/create-idea';
import { useDeleteIdea } from '../api/delete-idea';
import { useIdeas } from '../api/get-ideas';
import { ideaKeys } from '../api/idea-keys';
import { useUpdateIdea } from '../api/update-idea';
import { moveRefusal } from '../board-moves';
import { IdeaDialog, type IdeaFormValues } from './IdeaDialog';
import { IdeaPostDialog } from './IdeaPostDialog';
import { MoveIdeaDialog } from './MoveIdeaDialog';
import { PlanBoard } from './PlanBoard';

/** The planning board: ideas from the first thought to the published post. */
export function PlanScreen() {
  usePageTitle('Planning');
  const { projectId, isResolved } = useCurrentProject();
  const { canChange, role } = useCanChangeProject();
  const ideas = useIdeas(isResolved ? projectId : undefined);
  const videos = useVideos(projectId, isResolved && projectId !== undefined);
  const create = useCreateIdea();
  const update = useUpdateIdea();
  const remove = useDeleteIdea();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Idea | 'new' | null>(null);
  const [moving, setMoving] = useState<Idea | null>(null);
  const [posting, setPosting] = useState<Idea | null>(null);
  const choices = useMemo(() => (videos.data ?? []).filter((v) => v.status !== 'uploading'), [videos.data]);
  const videoTitles = useMemo(() => new Map((videos.data ?? []).map((v) => [v.id, v.title])), [videos.data]);

  function move(idea: Idea, column: IdeaColumn, position: number) {
    const refusal = moveRefusal(idea, column);
    if (refusal) {
      toast.show(refusal, 'error');
      return;
    }
    update.mutate(
      { idea, body: column === idea.column ? { position } : { column, position } },
      { onError: (err) => toast.show(errorMessage(err, 'The idea could not be moved.'), 'error') },
    );
  }

  async function save(values: IdeaFormValues) {
    if (editing === 'new') {
      if (projectId === undefined) return;
      await create.mutateAsync({
        project_id: projectId,
        title: values.title,
        notes: values.notes,
        column: values.column,
        dueDate: values.dueDate,
        videoId: values.videoId,
      });
      toast.show('Idea added', 'success');
    } else if (editing) {
      const { title, notes, dueDate, videoId } = values;
      await update.mutateAsync({ idea: editing, body: { title, notes, dueDate, videoId } });
    }
  }

  function closePost() {
    setPosting(null);
    // A post made there moves the idea to Scheduled or Published.
    if (projectId !== undefined) void queryClient.invalidateQueries({ queryKey: ideaKeys.board(projectId) });
  }

  return (
    <div>
      <PageHeader
        title="Planning"
        subtitle="Ideas and drafts, from the first thought to the published post."
        actions={
          canChange && (
            <Button icon={<PlusIcon className="size-4" />} onClick={() => setEditing('new')} disabled={!projectId}>
              New idea
            </Button>
          )
        }
      />
      {canChange ? (
        <p className="mb-4 max-w-3xl text-sm text-zinc-600">
          Drag a card by its handle, or use its Move to… button. Scheduled and Published fill by themselves: an idea
          goes there when its video has a scheduled or published post.
        </p>
      ) : (
        <ReadOnlyNote className="mb-4 max-w-3xl" role={role} what="this project's ideas" />
      )}
      {!isResolved || ideas.isPending ? (
        <div className="flex gap-3" aria-busy="true" aria-label="Loading the board">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-48 flex-1" />
          ))}
        </div>
      ) : ideas.isError ? (
        <ErrorState
          title="The board could not be loaded"
          message={errorMessage(ideas.error, 'Check the connection and try again.')}
          onRetry={() => void ideas.refetch()}
        />
      ) : (
        <PlanBoard
          ideas={ideas.data}
          videoTitles={videoTitles}
          onDrop={move}
          onEdit={setEditing}
          onMove={setMoving}
          onPost={setPosting}
          readOnly={!canChange}
        />
      )}
      {editing && (
        <IdeaDialog
          idea={editing === 'new' ? null : editing}
          videos={choices}
          onClose={() => setEditing(null)}
          onSave={save}
          onDelete={(idea) => remove.mutateAsync(idea)}
        />
      )}
      {moving && ideas.data && (
        <MoveIdeaDialog idea={moving} ideas={ideas.data} onClose={() => setMoving(null)} onMove={move} />
      )}
      {posting && <IdeaPostDialog idea={posting} onClose={closePost} />}
    </div>
  );
}
