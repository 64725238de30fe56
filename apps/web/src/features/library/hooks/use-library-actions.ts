import { useState } from 'react';
import { useToast } from '@/components/ui/Toast';
import { useBulkDeleteVideos } from '../api/bulk-delete-videos';
import { useDeleteVideo } from '../api/delete-video';
import { isTempItem, type LibraryItem } from '../library-items';
import { dismissUploads, type TempId } from '../uploads-store';

export const DELETE_ONE_PROMPT = 'Delete this video?';
export const deleteManyPrompt = (count: number) => `Delete ${count} selected videos?`;

/** The most videos one bulk schedule takes (BulkScheduleBody). */
export const SCHEDULE_MAX = 500;

type DetailsTarget = { video: LibraryItem & { id: number }; mode: 'add' | 'edit' } | null;
type SelectedId = number | string;
/** What the bulk Schedule dialog is open for. */
type Scheduling = { projectId: number; videos: { id: number; title: string }[] };

/** Deleting, bulk actions and the details modal of the library. */
export function useLibraryActions(onBulkDone: () => void) {
  const [details, setDetails] = useState<DetailsTarget>(null);
  const [scheduling, setScheduling] = useState<Scheduling | null>(null);
  const deleteOne = useDeleteVideo();
  const deleteMany = useBulkDeleteVideos();
  const toast = useToast();

  function openDetails(item: LibraryItem, mode: 'add' | 'edit') {
    if (!isTempItem(item)) setDetails({ video: item as LibraryItem & { id: number }, mode });
  }

  function remove(item: LibraryItem) {
    if (!window.confirm(DELETE_ONE_PROMPT)) return;
    if (isTempItem(item)) return dismissUploads([item.id]);
    deleteOne.mutate(item.id as number, {
      onSuccess: () => toast.show('Video deleted.', 'success'),
      onError: (error) => {
        // The item stays in the list when the server did not delete it.
        console.error('Deleting the video failed', error);
        toast.show('The video could not be deleted.', 'error');
      },
    });
  }

  /** The selection: uploads that failed (temporary ids) and server videos, loaded or not. */
  function removeMany(selected: readonly SelectedId[]) {
    if (selected.length === 0 || !window.confirm(deleteManyPrompt(selected.length))) return;
    dismissUploads(selected.filter((id): id is TempId => typeof id === 'string'));
    const ids = selected.filter((id): id is number => typeof id === 'number');
    if (ids.length === 0) return onBulkDone();
    deleteMany.mutate(ids, {
      onSuccess: () => {
        onBulkDone();
        toast.show(`${ids.length === 1 ? '1 video' : `${ids.length} videos`} deleted.`, 'success');
      },
      onError: (error) => {
        console.error('Deleting the selected videos failed', error);
        toast.show('The selected videos could not be deleted.', 'error');
      },
    });
  }

  /**
   * Only videos the server has can be scheduled: a failed upload in the selection is left out. `titleOf`
   * names the loaded ones (a video selected by select-all but not loaded yet is named by its number).
   */
  function schedule(
    selected: readonly SelectedId[],
    projectId: number | undefined,
    titleOf: (id: number) => string | undefined,
  ) {
    const ids = selected.filter((id): id is number => typeof id === 'number');
    if (ids.length === 0 || projectId === undefined)
      return toast.show('Only uploaded videos can be scheduled.', 'error');
    if (ids.length > SCHEDULE_MAX)
      return toast.show(`At most ${SCHEDULE_MAX} videos can be scheduled at once.`, 'error');
    setScheduling({ projectId, videos: ids.map((id) => ({ id, title: titleOf(id) ?? `Video ${id}` })) });
  }

  return {
    details,
    openDetails,
    closeDetails: () => setDetails(null),
    remove,
    removeMany,
    schedule,
    scheduling,
    closeSchedule: () => setScheduling(null),
    deletingMany: deleteMany.isPending,
  };
}
