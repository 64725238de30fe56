import { emptyPostCounts, type Video, type VideoStatus } from '@fanout/contracts';
import type { BadgeTone } from '@/components/ui/Badge';
import { UNKNOWN_DURATION } from '@/lib/format';
import type { TempId, UploadItem } from './uploads-store';

/** A row of the library: a server video, or an upload still on its way (temporary id). */
export type LibraryItem = Omit<Video, 'id'> & {
  id: number | TempId;
  uploadError?: string;
  /** A failed upload that sending again may fix (not one refused before sending). */
  retryable?: boolean;
  /** An upload an earlier visit left unfinished: it resumes once its file is chosen again. */
  needsFile?: boolean;
};

export function isTempItem(item: { id: number | string }): item is LibraryItem & { id: TempId } {
  return typeof item.id === 'string';
}

export function uploadToItem(upload: UploadItem): LibraryItem {
  return {
    id: upload.id,
    projectId: upload.projectId,
    title: upload.title,
    description: '',
    tags: [],
    platforms: [],
    status: upload.status,
    progress: upload.progress,
    duration: UNKNOWN_DURATION,
    durationSeconds: null,
    size: upload.size,
    sizeBytes: upload.sizeBytes,
    uploadDate: upload.uploadDate,
    views: 0,
    filename: '',
    thumbnail: null,
    width: null,
    height: null,
    fps: null,
    videoCodec: null,
    audioCodec: null,
    mimeType: upload.mimeType,
    originalName: upload.title,
    postCounts: emptyPostCounts(),
    platformPosts: [],
    uploadError: upload.error,
    retryable: upload.retryable,
    needsFile: upload.needsFile,
  };
}

export type StatusFilter = 'all' | VideoStatus;

export const STATUS_LABELS: Record<VideoStatus, string> = {
  'awaiting-details': 'Awaiting Details',
  ready: 'Ready',
  uploading: 'Uploading',
  processing: 'Processing',
  scheduled: 'Scheduled',
  published: 'Published',
  failed: 'Failed',
};

export const STATUS_TONES: Record<VideoStatus, BadgeTone> = {
  'awaiting-details': 'amber',
  ready: 'brand',
  uploading: 'blue',
  processing: 'violet',
  scheduled: 'blue',
  published: 'green',
  failed: 'red',
};

/** The status filter's options, 'All Status' first (the default). */
export const STATUS_FILTER_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All Status' },
  ...(Object.entries(STATUS_LABELS) as [VideoStatus, string][]).map(([value, label]) => ({ value, label })),
];

/** Title search (case-insensitive) and status filter. */
export function filterItems<T extends { title: string; status: VideoStatus }>(
  items: readonly T[],
  search: string,
  status: StatusFilter,
): T[] {
  const needle = search.trim().toLowerCase();
  return items.filter(
    (item) => (status === 'all' || item.status === status) && (!needle || item.title.toLowerCase().includes(needle)),
  );
}
