import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Video } from '@fanout/contracts';
import { errorMessage } from '@/lib/api-client';
import { formatBytes, formatMegabytes, titleFromFileName } from '@/lib/format';
import { videosQueryKey } from './api/get-videos';
import { uploadVideo } from './api/upload-video';
import { refreshTotals } from './api/video-cache';

export type TempId = `temp-${number}`;

/** A file on its way to the server, shown in the library until the server's video replaces it. */
export interface UploadItem {
  id: TempId;
  projectId: number;
  title: string;
  size: string;
  sizeBytes: number;
  mimeType: string;
  status: 'uploading' | 'failed';
  progress: number;
  uploadDate: string;
  error?: string;
  /** False for a file refused before sending (too large): sending it again cannot help. */
  retryable: boolean;
}

let items: readonly UploadItem[] = [];
/** The chosen files, kept while their upload runs or has failed, so that a failed one can be retried. */
const chosenFiles = new Map<TempId, File>();
const listeners = new Set<() => void>();
let lastStamp = 0;

function setItems(next: readonly UploadItem[]) {
  items = next;
  listeners.forEach((listener) => listener());
}

function patchItem(id: TempId, patch: Partial<UploadItem>) {
  setItems(items.map((item) => (item.id === id ? { ...item, ...patch } : item)));
}

/** 'temp-{timestamp}', kept unique when several files start within the same millisecond. */
function nextTempId(): TempId {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return `temp-${lastStamp}`;
}

export function isVideoFile(file: File): boolean {
  return file.type.startsWith('video/');
}

export function dismissUploads(ids: readonly string[]) {
  const gone = new Set(ids);
  gone.forEach((id) => chosenFiles.delete(id as TempId));
  setItems(items.filter((item) => !gone.has(item.id)));
}

/** Forgets every upload in the list (the tests start each case from an empty list). */
export function forgetUploads() {
  chosenFiles.clear();
  setItems([]);
}

function sendUpload(item: UploadItem, file: File, queryClient: QueryClient) {
  const { id, projectId } = item;
  uploadVideo({ file, title: item.title, projectId, onProgress: (progress) => patchItem(id, { progress }) })
    .then((video) => {
      const uploaded: Video = { ...video, status: 'awaiting-details' };
      queryClient.setQueryData<Video[]>(videosQueryKey(projectId), (list) => [
        uploaded,
        ...(list ?? []).filter((v) => v.id !== uploaded.id),
      ]);
      dismissUploads([id]);
      refreshTotals(queryClient);
    })
    .catch((error: unknown) => {
      patchItem(id, { status: 'failed', error: errorMessage(error, 'Upload failed') });
    });
}

/** The server's own words for a file over UPLOAD_MAX_BYTES. */
export function fileTooLargeMessage(maxBytes: number): string {
  return `The file is too large: uploads are limited to ${formatBytes(maxBytes)}`;
}

/**
 * Starts one upload per video file (others are ignored). Returns how many it took. A file over `maxBytes`
 * (when known) is shown as failed at once, rather than sent for the server to refuse.
 */
export function startUploads(
  files: readonly File[],
  projectId: number,
  queryClient: QueryClient,
  maxBytes?: number,
): number {
  const videos = files.filter(isVideoFile);
  for (const file of videos) {
    const tooLarge = maxBytes !== undefined && file.size > maxBytes;
    const item: UploadItem = {
      id: nextTempId(),
      projectId,
      title: titleFromFileName(file.name),
      size: formatMegabytes(file.size),
      sizeBytes: file.size,
      mimeType: file.type,
      status: tooLarge ? 'failed' : 'uploading',
      progress: 0,
      uploadDate: new Date().toISOString(),
      retryable: !tooLarge,
      ...(tooLarge ? { error: fileTooLargeMessage(maxBytes) } : {}),
    };
    setItems([item, ...items]);
    if (tooLarge) continue;
    chosenFiles.set(item.id, file);
    sendUpload(item, file, queryClient);
  }
  return videos.length;
}

/** Sends a failed upload's file again, in the same place in the list. */
export function retryUpload(id: TempId, queryClient: QueryClient) {
  const item = items.find((candidate) => candidate.id === id);
  const file = chosenFiles.get(id);
  // A file refused before sending (not retryable) was never kept, so it has no file here.
  if (!item || !file || item.status !== 'failed') return;
  const restarted: UploadItem = { ...item, status: 'uploading', progress: 0, error: undefined };
  patchItem(id, restarted);
  sendUpload(restarted, file, queryClient);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUploads(projectId: number | undefined): readonly UploadItem[] {
  const all = useSyncExternalStore(subscribe, () => items);
  return projectId === undefined ? all : all.filter((item) => item.projectId === projectId);
}
