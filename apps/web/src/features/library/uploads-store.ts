import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { PreviousUpload } from 'tus-js-client';
import type { Video } from '@fanout/contracts';
import { authHeaders, errorMessage } from '@/lib/api-client';
import { formatBytes, formatMegabytes, titleFromFileName } from '@/lib/format';
import { videosQueryKey } from './api/get-videos';
import {
  createVideoUpload,
  discardStoredUpload,
  findAllStoredUploads,
  findStoredUploads,
  forgetStoredUpload,
  isFileOf,
  storedUploadOffset,
  type VideoUpload,
} from './api/upload-video';
import { addCachedVideo, refreshTotals } from './api/video-cache';
import { chooseFileFor } from './choose-file';
import { noteDuplicate } from '@/features/collections';

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
  /**
   * An upload left unfinished by an earlier visit (the tab was closed): the browser cannot reopen the file by
   * itself, so Retry asks for the same file again and carries on from where the server stopped.
   */
  needsFile?: boolean;
}

/** How many files are sent at once; the others wait at 0 %, in the order they were chosen. */
export const PARALLEL_UPLOADS = 3;

interface Transfer {
  file?: File;
  /** "Keep both": the project has this file already and the person wants a second copy. */
  allowDuplicate?: boolean;
  upload?: VideoUpload;
  /** The stored resume point this item carries on from (an unfinished upload of an earlier visit). */
  stored?: PreviousUpload;
  /** The last failure was the server's final answer on this upload: a retry starts a new one. */
  startOver?: boolean;
  /** Holds one of the PARALLEL_UPLOADS slots until the server answers. */
  sending?: boolean;
  /** The connection dropped and every retry failed: sent on again as soon as the browser is back online. */
  interrupted?: boolean;
  queryClient?: QueryClient;
}

let items: readonly UploadItem[] = [];
const transfers = new Map<TempId, Transfer>();
const listeners = new Set<() => void>();
let lastStamp = 0;
let running = 0;
const waiting: { id: TempId; go: () => void }[] = [];
let restored: Promise<void> | null = null;

function setItems(next: readonly UploadItem[]) {
  items = next;
  listeners.forEach((listener) => listener());
}

function patchItem(id: TempId, patch: Partial<UploadItem>) {
  setItems(items.map((item) => (item.id === id ? { ...item, ...patch } : item)));
}

function itemOf(id: TempId): UploadItem | undefined {
  return items.find((item) => item.id === id);
}

/** 'temp-{timestamp}', kept unique when several files start within the same millisecond. */
function nextTempId(): TempId {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return `temp-${lastStamp}`;
}

export function isVideoFile(file: File): boolean {
  return file.type.startsWith('video/');
}

/** Runs `go` when fewer than PARALLEL_UPLOADS uploads are sending. */
function whenSlotFree(id: TempId, go: () => void) {
  if (running < PARALLEL_UPLOADS) {
    running += 1;
    go();
  } else {
    waiting.push({ id, go });
  }
}

function releaseSlot() {
  const next = waiting.shift();
  if (next) next.go();
  else running = Math.max(0, running - 1);
}

/** Removes uploads from the list; one still unfinished on the server is deleted there and forgotten here. */
export function dismissUploads(ids: readonly string[]) {
  const gone = new Set(ids);
  for (const id of gone) {
    const transfer = transfers.get(id as TempId);
    transfers.delete(id as TempId);
    const queued = waiting.findIndex((entry) => entry.id === id);
    if (queued >= 0) waiting.splice(queued, 1);
    if (transfer?.sending) {
      transfer.sending = false;
      releaseSlot();
    }
    if (transfer?.upload) void transfer.upload.abort(true);
    else if (transfer?.stored) void discardStoredUpload(transfer.stored);
  }
  setItems(items.filter((item) => !gone.has(item.id)));
}

/** Forgets every upload in the list and stops sending (the tests start each case from an empty list). */
export function forgetUploads() {
  for (const transfer of transfers.values()) void transfer.upload?.abort(false);
  transfers.clear();
  waiting.length = 0;
  running = 0;
  restored = null;
  setItems([]);
}

/**
 * Shows the server's video at the top of its project's lists, in place of the upload. Without the video (the
 * server had every byte already and only confirmed it) the lists are fetched again.
 */
function showUploadedVideo(queryClient: QueryClient, projectId: number, video: Video | null) {
  if (video) addCachedVideo(queryClient, { ...video, status: 'awaiting-details' });
  else void queryClient.invalidateQueries({ queryKey: videosQueryKey(projectId) });
}

/** Sends (or resumes) the item's file once a slot is free. */
function send(id: TempId, queryClient: QueryClient) {
  whenSlotFree(id, () => {
    const transfer = transfers.get(id);
    const item = itemOf(id);
    if (!transfer?.file || !item) return releaseSlot();
    transfer.sending = true;
    // Each answer ends one send: the slot is freed, and nothing more happens for an item since dismissed.
    const settle = () => {
      if (!transfer.sending) return false;
      transfer.sending = false;
      releaseSlot();
      return transfers.get(id) === transfer;
    };
    if (!transfer.upload || transfer.startOver) {
      transfer.startOver = false;
      transfer.upload = createVideoUpload({
        file: transfer.file,
        title: item.title,
        projectId: item.projectId,
        allowDuplicate: transfer.allowDuplicate,
        previous: transfer.stored,
        onProgress: (progress) => {
          if (transfers.get(id) === transfer) patchItem(id, { progress });
        },
        onSuccess: (video) => {
          if (!settle()) return;
          showUploadedVideo(queryClient, item.projectId, video);
          // The project had this file already: the person chooses to open the first or keep both.
          if (video?.duplicateOf) noteDuplicate({ videoId: video.id, firstId: video.duplicateOf, title: video.title });
          transfers.delete(id);
          setItems(items.filter((candidate) => candidate.id !== id));
          refreshTotals(queryClient);
        },
        onError: (error) => {
          if (!settle()) return;
          // A refusal (quota, not a video) is final for this upload on the server: a retry sends the file anew.
          const final = error.status >= 400 && error.status < 500;
          transfer.startOver = final;
          transfer.interrupted = error.status === 0;
          transfer.queryClient = queryClient;
          if (final) {
            transfer.stored = undefined;
            void forgetStoredUploadsAt(transfer.upload?.url ?? null);
          }
          patchItem(id, { status: 'failed', error: errorMessage(error, 'Upload failed') });
        },
      });
    }
    // Started again after a dropped connection, the same upload carries on from the server's offset.
    transfer.upload.start();
  });
}

async function forgetStoredUploadsAt(url: string | null) {
  if (!url) return;
  for (const entry of await findAllStoredUploads()) {
    if (entry.uploadUrl === url) await forgetStoredUpload(entry);
  }
}

/** Upload addresses in use by an item of this page (with `sending`, only those of items that have their file). */
function urlsInUse({ sending = false } = {}): Set<string> {
  const urls = new Set<string>();
  for (const transfer of transfers.values()) {
    if (sending && !transfer.file) continue;
    const url = transfer.upload?.url ?? transfer.stored?.uploadUrl;
    if (url) urls.add(url);
  }
  return urls;
}

/**
 * An unfinished upload of this very file from an earlier visit, if any: the new item carries on from it, and
 * the earlier visit's item leaves the list.
 */
async function takeStoredUploadOf(file: File): Promise<PreviousUpload | undefined> {
  const inUse = urlsInUse({ sending: true });
  const candidates = await findStoredUploads(file).catch(() => []);
  const entry = candidates.find((candidate) => candidate.uploadUrl && !inUse.has(candidate.uploadUrl));
  if (!entry) return undefined;
  for (const [id, transfer] of transfers) {
    if (!transfer.file && transfer.stored?.urlStorageKey === entry.urlStorageKey) {
      transfers.delete(id);
      setItems(items.filter((item) => item.id !== id));
    }
  }
  return entry;
}

/** The server's own words for a file over UPLOAD_MAX_BYTES. */
export function fileTooLargeMessage(maxBytes: number): string {
  return `The file is too large: uploads are limited to ${formatBytes(maxBytes)}`;
}

/**
 * Starts one upload per video file (others are ignored). Returns how many it took. A file over `maxBytes`
 * (when known) is shown as failed at once, rather than sent for the server to refuse. A file whose earlier
 * upload did not finish carries on from where the server stopped.
 */
export function startUploads(
  files: readonly File[],
  projectId: number,
  queryClient: QueryClient,
  maxBytes?: number,
  { allowDuplicate = false } = {},
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
    const transfer: Transfer = { file, allowDuplicate };
    transfers.set(item.id, transfer);
    void takeStoredUploadOf(file).then((stored) => {
      if (transfers.get(item.id) !== transfer) return;
      transfer.stored = stored;
      send(item.id, queryClient);
    });
  }
  return videos.length;
}

/** The text of an upload an earlier visit left unfinished. */
export function unfinishedMessage(progress: number, fileName: string): string {
  return `Stopped at ${progress}%. Choose ${fileName} again to resume.`;
}

export function notSameFileMessage(fileName: string): string {
  return `That is not the same file. Choose ${fileName} to resume.`;
}

/**
 * Sends a failed upload again, in the same place in the list: from the last byte the server has after a
 * dropped connection, from the start after a refusal. An upload of an earlier visit first asks for its file.
 */
export function retryUpload(id: TempId, queryClient: QueryClient) {
  const item = itemOf(id);
  const transfer = transfers.get(id);
  // A file refused before sending (not retryable) was never kept, so it has no transfer here.
  if (!item || !transfer || item.status !== 'failed') return;
  if (!transfer.file) {
    const stored = transfer.stored;
    if (!stored) return;
    const fileName = stored.metadata.filename ?? item.title;
    chooseFileFor(item, fileName, (file) => {
      void isFileOf(stored, file).then((same) => {
        if (transfers.get(id) !== transfer) return;
        if (!same) return patchItem(id, { error: notSameFileMessage(fileName) });
        transfer.file = file;
        patchItem(id, { status: 'uploading', error: undefined, needsFile: false });
        send(id, queryClient);
      });
    });
    return;
  }
  transfer.interrupted = false;
  const resumes = !transfer.startOver && transfer.upload !== undefined;
  patchItem(id, { status: 'uploading', error: undefined, ...(resumes ? {} : { progress: 0 }) });
  send(id, queryClient);
}

/** Back online, every upload the dropped connection stopped carries on from the server's offset. */
function resumeInterrupted() {
  for (const [id, transfer] of transfers) {
    if (transfer.interrupted && transfer.queryClient && itemOf(id)?.status === 'failed') {
      retryUpload(id, transfer.queryClient);
    }
  }
}
if (typeof window !== 'undefined') window.addEventListener('online', resumeInterrupted);

/**
 * Finds the uploads this browser started on an earlier visit and did not finish, asks the server how far
 * each got, and lists them (failed, with their progress) so that choosing the same file again resumes them.
 * Runs once per page load; uploads the server no longer has are forgotten.
 */
export function restoreUnfinishedUploads(): Promise<void> {
  if (restored) return restored;
  if (!authHeaders().Authorization) return Promise.resolve();
  restored = (async () => {
    const entries = await findAllStoredUploads().catch(() => []);
    for (const entry of entries) {
      const projectId = Number(entry.metadata.project_id);
      if (!Number.isInteger(projectId) || urlsInUse().has(entry.uploadUrl ?? '')) continue;
      const state = await storedUploadOffset(entry);
      if (state === 'gone') {
        await forgetStoredUpload(entry);
        continue;
      }
      if (!state || state.offset >= state.length || urlsInUse().has(entry.uploadUrl ?? '')) continue;
      const fileName = entry.metadata.filename ?? 'the file';
      const progress = Math.floor((state.offset / state.length) * 100);
      const item: UploadItem = {
        id: nextTempId(),
        projectId,
        title: entry.metadata.title || titleFromFileName(fileName),
        size: formatMegabytes(state.length),
        sizeBytes: state.length,
        mimeType: entry.metadata.filetype ?? '',
        status: 'failed',
        progress,
        uploadDate: entry.creationTime,
        error: unfinishedMessage(progress, fileName),
        retryable: true,
        needsFile: true,
      };
      transfers.set(item.id, { stored: entry });
      setItems([...items, item]);
    }
  })();
  return restored;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUploads(projectId: number | undefined): readonly UploadItem[] {
  const all = useSyncExternalStore(subscribe, () => items);
  return projectId === undefined ? all : all.filter((item) => item.projectId === projectId);
}
