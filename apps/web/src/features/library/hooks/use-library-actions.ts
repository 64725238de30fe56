import { useState } from 'react';
import { useToast } from '@/components/ui/Toast';
import { useBulkDeleteVideos } from '../api/bulk-delete-videos';
import { useDeleteVideo } from '../api/delete-video';
import { isTempItem, type LibraryItem } from '../library-items';
import { dismissUploads } from '../uploads-store';

export const DELETE_ONE_PROMPT = 'Delete this video?';
export const deleteManyPrompt = (count: number) => `Delete ${count} selected videos?`;

type DetailsTarget = { video: LibraryItem & { id: number }; mode: 'add' | 'edit' } | null;
type SavedVideo = LibraryItem & { id: number };

/** Deleting, bulk actions and the details modal of the library. */
export function useLibraryActions(onBulkDone: () => void) {
  const [details, setDetails] = useState<DetailsTarget>(null);
  /** The videos the bulk Schedule dialog is open for. */
  const [scheduling, setScheduling] = useState<SavedVideo[] | null>(null);
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

  function removeMany(items: readonly LibraryItem[]) {
    if (items.length === 0 || !window.confirm(deleteManyPrompt(items.length))) return;
    dismissUploads(items.filter(isTempItem).map((item) => item.id));
    const ids = items.filter((item) => !isTempItem(item)).map((item) => item.id as number);
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

  /** Only videos the server has can be scheduled: a failed upload in the selection is left out. */
  function schedule(items: readonly LibraryItem[]) {
    const saved = items.filter((item): item is SavedVideo => !isTempItem(item));
    if (saved.length === 0) return toast.show('Only uploaded videos can be scheduled.', 'error');
    setScheduling(saved);
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
