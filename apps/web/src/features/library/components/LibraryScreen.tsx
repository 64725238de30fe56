import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentProject } from '@/features/projects';
import { usePageTitle } from '@/features/config';
import { Button } from '@/components/ui/Button';
import { FilmIcon, UploadIcon } from '@/components/ui/icons';
import { EmptyState, ErrorState, PageHeader } from '@/components/ui/States';
import { emitSignal, useSignal } from '@/lib/signals';
import { useVideos } from '../api/get-videos';
import { useDurationBackfill } from '../hooks/use-duration-backfill';
import { useLibraryActions } from '../hooks/use-library-actions';
import { useSelection } from '../hooks/use-selection';
import { filterItems, isTempItem, uploadToItem, type LibraryItem, type StatusFilter } from '../library-items';
import { retryUpload, useUploads } from '../uploads-store';
import type { ItemHandlers } from './item-handlers';
import { BulkScheduleDialog } from './BulkScheduleDialog';
import { LibraryLoading } from './LibraryLoading';
import { LibraryToolbar, type LibraryView } from './LibraryToolbar';
import { SelectionBar } from './SelectionBar';
import { VideoCard } from './VideoCard';
import { VideoDetailsModal } from './VideoDetailsModal';
import { VideoTable } from './VideoTable';

const openUpload = () => emitSignal('open-upload-modal');

/** The video library at /, /videos and /dashboard. */
export function LibraryScreen() {
  usePageTitle('Videos');
  const queryClient = useQueryClient();
  const { projectId, isResolved } = useCurrentProject();
  const videos = useVideos(projectId, isResolved);
  const uploads = useUploads(projectId);
  useDurationBackfill(videos.data);

  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [view, setView] = useState<LibraryView>('grid');

  const items = useMemo<LibraryItem[]>(
    () => [...uploads.map(uploadToItem), ...(videos.data ?? [])],
    [uploads, videos.data],
  );
  const visible = useMemo(() => filterItems(items, search, status), [items, search, status]);
  const selectable = visible.filter((item) => item.status !== 'uploading').map((item) => item.id);
  const selection = useSelection(selectable);
  const actions = useLibraryActions(selection.clear);

  useSignal('project-changed', () => {
    selection.clear();
    void queryClient.invalidateQueries({ queryKey: ['videos'] });
    void queryClient.invalidateQueries({ queryKey: ['connected-platforms'] });
  });

  const handlers: ItemHandlers = {
    isSelected: selection.isSelected,
    onToggle: selection.toggle,
    onAddDetails: (item) => actions.openDetails(item, 'add'),
    onEdit: (item) => actions.openDetails(item, 'edit'),
    onDelete: actions.remove,
    onRetry: (item) => {
      if (isTempItem(item)) retryUpload(item.id, queryClient);
    },
  };
  const selectedItems = visible.filter((item) => selection.selectedIds.includes(item.id));
  const filtering = search.trim() !== '' || status !== 'all';

  return (
    <>
      <PageHeader
        title="Videos"
        subtitle="Manage and upload your videos to multiple platforms"
        actions={
          <Button icon={<UploadIcon className="size-4" />} onClick={openUpload}>
            Upload Videos
          </Button>
        }
      />
      <LibraryToolbar
        search={search}
        onSearch={setSearch}
        status={status}
        onStatus={setStatus}
        view={view}
        onView={setView}
        selectAll={{
          checked: selection.allSelected,
          indeterminate: selection.selectedIds.length > 0 && !selection.allSelected,
          disabled: selectable.length === 0,
          onChange: () => selection.toggleAll(selectable),
        }}
      />
      {selectedItems.length > 0 && (
        <SelectionBar
          count={selectedItems.length}
          onSchedule={() => actions.schedule(selectedItems)}
          onDelete={() => actions.removeMany(selectedItems)}
          onClear={selection.clear}
          deleting={actions.deletingMany}
        />
      )}

      {videos.isPending && uploads.length === 0 ? (
        <LibraryLoading view={view} />
      ) : videos.isError ? (
        <ErrorState
          title="Your videos could not be loaded"
          message="Check your connection and try again."
          onRetry={() => videos.refetch()}
        />
      ) : visible.length === 0 ? (
        <EmptyState
          icon={<FilmIcon className="size-6" />}
          title="No videos found"
          action={
            !filtering && (
              <Button icon={<UploadIcon className="size-4" />} onClick={openUpload}>
                Upload your first video
              </Button>
            )
          }
        >
          {filtering ? 'Try adjusting your search' : 'Get started by uploading your first video'}
        </EmptyState>
      ) : view === 'grid' ? (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4" aria-label="Videos">
          {visible.map((item) => (
            <li key={item.id} className="flex">
              <VideoCard item={item} handlers={handlers} />
            </li>
          ))}
        </ul>
      ) : (
        <VideoTable items={visible} handlers={handlers} />
      )}

      {actions.scheduling && (
        <BulkScheduleDialog
          projectId={actions.scheduling[0]!.projectId}
          videos={actions.scheduling}
          onClose={actions.closeSchedule}
          onScheduled={selection.clear}
        />
      )}
      {actions.details && (
        <VideoDetailsModal
          key={actions.details.video.id}
          video={actions.details.video}
          mode={actions.details.mode}
          onClose={actions.closeDetails}
        />
      )}
    </>
  );
}
