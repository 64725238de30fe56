import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Video } from '@fanout/contracts';
import { errorMessage } from '@/lib/api-client';
import { formatMegabytes, titleFromFileName } from '@/lib/format';
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
}

let items: readonly UploadItem[] = [];
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
  setItems(items.filter((item) => !gone.has(item.id)));
}

/** Starts one upload per video file (others are ignored). Returns how many started. */
export function startUploads(files: readonly File[], projectId: number, queryClient: QueryClient): number {
  const videos = files.filter(isVideoFile);
  for (const file of videos) {
    const item: UploadItem = {
      id: nextTempId(),
      projectId,
      title: titleFromFileName(file.name),
      size: formatMegabytes(file.size),
      sizeBytes: file.size,
      mimeType: file.type,
      status: 'uploading',
      progress: 0,
      uploadDate: new Date().toISOString(),
    };
    setItems([item, ...items]);
    uploadVideo({ file, title: item.title, projectId, onProgress: (progress) => patchItem(item.id, { progress }) })
      .then((video) => {
        const uploaded: Video = { ...video, status: 'awaiting-details' };
        queryClient.setQueryData<Video[]>(videosQueryKey(projectId), (list) => [
          uploaded,
          ...(list ?? []).filter((v) => v.id !== uploaded.id),
        ]);
        dismissUploads([item.id]);
        refreshTotals(queryClient);
      })
      .catch((error: unknown) => {
        patchItem(item.id, { status: 'failed', error: errorMessage(error, 'Upload failed') });
      });
  }
  return videos.length;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUploads(projectId: number | undefined): readonly UploadItem[] {
  const all = useSyncExternalStore(subscribe, () => items);
  return projectId === undefined ? all : all.filter((item) => item.projectId === projectId);
}
