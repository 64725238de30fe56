import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Video } from '@fanout/contracts';
import { useCanChangeProject, useCurrentProject } from '@/features/projects';
import { usePageTitle } from '@/features/config';
import { AddToCollection, CollectionFilters, DuplicateNotice } from '@/features/collections';
import { FirstSteps } from '@/features/first-run';
import { Button } from '@/components/ui/Button';
import { FilmIcon, UploadIcon } from '@/components/ui/icons';
import { EmptyState, ErrorState, PageHeader } from '@/components/ui/States';
import { useToast } from '@/components/ui/Toast';
import { emitSignal, useSignal } from '@/lib/signals';
import { getVideoIds, useVideoPages, type LibraryFilters } from '../api/get-videos';
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
import { VideoDetailsModal } from './VideoDetailsModal';
import { VideoGrid } from './VideoGrid';
import { VideoTable } from './VideoTable';

const openUpload = () => emitSignal('open-upload-modal');

/** How long typing rests before what was typed since the last search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 250;

const NO_VIDEOS: readonly Video[] = [];

const scopeOf = (projectId: number | undefined, filters: LibraryFilters) =>
  JSON.stringify([
    projectId ?? null,
    filters.q.trim().toLowerCase(),
    filters.status,
    filters.tag?.trim().toLowerCase() ?? '',
    filters.collectionId ?? null,
  ]);

/** The video library at /, /videos and /dashboard: paged from the server, only what is near the viewport drawn. */
export function LibraryScreen() {
  usePageTitle('Videos');
  const queryClient = useQueryClient();
  const toast = useToast();
  const { projectId, isResolved } = useCurrentProject();
  // A reviewer or a client sees the library to read it: no upload, no selection, no change to a video.
  const { canChange } = useCanChangeProject();

  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [tag, setTag] = useState('');
  const [tagQuery, setTagQuery] = useState('');
  const [collectionId, setCollectionId] = useState<number | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setTagQuery(tag), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [tag]);
  const [view, setView] = useState<LibraryView>('grid');
  // A keystroke after a pause in typing searches at once; the keystrokes that follow it quickly are searched
  // together once typing rests again.
  const lastKeystroke = useRef(-Infinity);
  const onSearch = (value: string) => {
    const now = performance.now();
    if (now - lastKeystroke.current >= SEARCH_DEBOUNCE_MS) setQuery(value);
    lastKeystroke.current = now;
    setSearch(value);
  };
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const filters = useMemo<LibraryFilters>(
    () => ({ q: query, status: status === 'all' ? null : status, tag: tagQuery, collectionId }),
    [query, status, tagQuery, collectionId],
  );
  const scope = scopeOf(projectId, filters);

  const pages = useVideoPages(projectId, filters, isResolved);
  const uploads = useUploads(projectId);
  const videos = useMemo(() => {
    const seen = new Set<number>();
    const list: Video[] = [];
    for (const page of pages.data?.pages ?? [])
      for (const video of page.videos) {
        if (seen.has(video.id)) continue;
        seen.add(video.id);
        list.push(video);
      }
    return list;
  }, [pages.data]);
  useDurationBackfill(videos.length > 0 ? videos : NO_VIDEOS);
  const total = pages.data?.pages.at(-1)?.total ?? 0;

  // Uploads on their way are the browser's own: filtered here, shown on top.
  const temps = useMemo(() => filterItems(uploads.map(uploadToItem), filters.q, status), [uploads, filters.q, status]);
  const visible = useMemo<LibraryItem[]>(() => [...temps, ...videos], [temps, videos]);
  const visibleIds = useMemo(() => visible.filter((i) => i.status !== 'uploading').map((i) => i.id), [visible]);
  const selectableTemps = temps.filter((item) => item.status !== 'uploading').map((item) => item.id);
  const matching = selectableTemps.length + total;
  const selection = useSelection(scope, visibleIds);
  const actions = useLibraryActions(selection.clear);
  const [selectingAll, setSelectingAll] = useState(false);
  // The bulk dialog opens on a time (Schedule) or on the posting slots (Add to queue).
  const [queueing, setQueueing] = useState(false);

  useSignal('project-changed', () => {
    selection.clear();
    setCollectionId(null);
    void queryClient.invalidateQueries({ queryKey: ['videos'] });
    void queryClient.invalidateQueries({ queryKey: ['connected-platforms'] });
  });

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  /** Select-all selects every video that matches, loaded or not (and the failed uploads shown). */
  async function toggleAll() {
    if (selection.count > 0 && selection.count >= matching) return selection.clear();
    // A search still being typed is applied first: what is selected is what it finds.
    const now: LibraryFilters = { ...filters, q: search };
    setQuery(search);
    const under = scopeOf(projectId, now);
    const tempIds = filterItems(uploads.map(uploadToItem), now.q, status)
      .filter((item) => item.status !== 'uploading')
      .map((item) => item.id);
    const loadedAll = under === scope && !pages.isPlaceholderData && !hasNextPage;
    if (loadedAll || projectId === undefined) {
      return selection.select([...tempIds, ...videos.map((v) => v.id)], under);
    }
    setSelectingAll(true);
    try {
      selection.select([...tempIds, ...(await getVideoIds(projectId, now))], under);
    } catch (error) {
      console.error('Selecting every matching video failed', error);
      toast.show('The videos could not be selected.', 'error');
    } finally {
      setSelectingAll(false);
    }
  }

  const handlers: ItemHandlers = {
    canChange,
    isSelected: selection.isSelected,
    onToggle: selection.toggle,
    onAddDetails: (item) => actions.openDetails(item, 'add'),
    onEdit: (item) => actions.openDetails(item, 'edit'),
    onDelete: actions.remove,
    onRetry: (item) => {
      if (isTempItem(item)) retryUpload(item.id, queryClient);
    },
  };
  const selectedIds = [...selection.selected];
  const titleOf = (id: number) => videos.find((v) => v.id === id)?.title;
  const filtering = filters.q.trim() !== '' || status !== 'all' || tagQuery.trim() !== '' || collectionId !== null;
  const allSelected = selection.count > 0 && selection.count >= matching;

  return (
    <>
      <PageHeader
        title="Videos"
        subtitle="Manage and upload your videos to multiple platforms"
        actions={
          canChange && (
            <Button icon={<UploadIcon className="size-4" />} onClick={openUpload}>
              Upload Videos
            </Button>
          )
        }
      />
      {canChange && <FirstSteps projectId={projectId} />}
      <LibraryToolbar
        search={search}
        onSearch={onSearch}
        status={status}
        onStatus={setStatus}
        view={view}
        onView={setView}
        selectAll={
          canChange
            ? {
                checked: allSelected,
                indeterminate: selection.count > 0 && !allSelected,
                disabled: matching === 0 || selectingAll,
                onChange: () => void toggleAll(),
              }
            : undefined
        }
        activeFilters={[status !== 'all', tag.trim() !== '', collectionId !== null].filter(Boolean).length}
      >
        <CollectionFilters
          projectId={projectId}
          tag={tag}
          onTag={setTag}
          collectionId={collectionId}
          onCollection={setCollectionId}
          canManage={canChange}
        />
      </LibraryToolbar>
      <DuplicateNotice />
      {canChange && selection.count > 0 && (
        <AddToCollection
          projectId={projectId}
          videoIds={selectedIds.filter((id): id is number => typeof id === 'number')}
        />
      )}
      {canChange && selection.count > 0 && (
        <SelectionBar
          count={selection.count}
          of={matching}
          onSchedule={() => {
            setQueueing(false);
            actions.schedule(
              selectedIds,
              projectId ?? videos.find((v) => selection.isSelected(v.id))?.projectId,
              titleOf,
            );
          }}
          onQueue={() => {
            setQueueing(true);
            actions.schedule(
              selectedIds,
              projectId ?? videos.find((v) => selection.isSelected(v.id))?.projectId,
              titleOf,
            );
          }}
          onDelete={() => actions.removeMany(selectedIds)}
          onClear={selection.clear}
          deleting={actions.deletingMany}
        />
      )}

      {pages.isPending && uploads.length === 0 ? (
        <LibraryLoading view={view} />
      ) : pages.isError && !pages.data ? (
        <ErrorState
          title="Your videos could not be loaded"
          message="Check your connection and try again."
          onRetry={() => pages.refetch()}
        />
      ) : visible.length === 0 ? (
        <EmptyState
          icon={<FilmIcon className="size-6" />}
          title="No videos found"
          action={
            !filtering &&
            canChange && (
              <Button icon={<UploadIcon className="size-4" />} onClick={openUpload}>
                Upload your first video
              </Button>
            )
          }
        >
          {filtering
            ? 'Try adjusting your search'
            : canChange
              ? 'Get started by uploading your first video'
              : 'No videos have been uploaded to this project yet.'}
        </EmptyState>
      ) : (
        <>
          {view === 'grid' ? (
            <VideoGrid items={visible} handlers={handlers} setSize={temps.length + total} onNearEnd={loadMore} />
          ) : (
            <VideoTable items={visible} handlers={handlers} setSize={temps.length + total} onNearEnd={loadMore} />
          )}
          <div role="status" className="py-6 text-center text-sm text-zinc-500">
            {isFetchingNextPage ? (
              'Loading more videos…'
            ) : pages.isFetchNextPageError ? (
              <span>
                More videos could not be loaded.{' '}
                <button type="button" className="font-medium text-brand-700 underline" onClick={loadMore}>
                  Try again
                </button>
              </span>
            ) : null}
          </div>
        </>
      )}

      {actions.scheduling && (
        <BulkScheduleDialog
          projectId={actions.scheduling.projectId}
          videos={actions.scheduling.videos}
          onClose={actions.closeSchedule}
          onScheduled={selection.clear}
          initialQueue={queueing}
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
