import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { titleFromFileName } from '@/lib/format';
import { checkUpload } from './api/check-upload';
import { hashFile } from './hashing/hash-file';
import { isVideoFile, startUploads } from './uploads-store';

/** A chosen file the project has already: nothing is sent until the person chooses. */
export interface FoundCopy {
  key: number;
  title: string;
  /** The video already in the project. */
  firstId: number;
}

export interface UploadChecks {
  /** The file being read to compare it with the project's videos, and how far (0–100). */
  hashing: { title: string; percent: number } | null;
  /** Chosen files whose check has not ended (the one being read included). */
  pending: number;
  found: readonly FoundCopy[];
}

interface Job {
  file: File;
  projectId: number;
  queryClient: QueryClient;
  maxBytes?: number;
}

const IDLE: UploadChecks = { hashing: null, pending: 0, found: [] };
let state = IDLE;
const listeners = new Set<() => void>();
/** Chosen files whose check has not ended: each ends once, whichever comes first (its answer, or a skip). */
const checking = new Set<Job>();
/** Files of the project's video sizes, read one at a time. */
const toHash: Job[] = [];
/** The files of `found`, by key. */
const foundJobs = new Map<number, Job>();
let reading: AbortController | null = null;
let nextKey = 1;
/** A reading loop that outlived forgetChecks leaves the next one alone. */
let generation = 0;

function update(patch: Partial<UploadChecks>) {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

function send(job: Job, allowDuplicate = false) {
  startUploads([job.file], job.projectId, job.queryClient, job.maxBytes, { allowDuplicate });
}

function settle(job: Job, firstId?: number) {
  if (!checking.delete(job)) return;
  if (firstId === undefined) send(job);
  else {
    const copy = { key: nextKey++, title: titleFromFileName(job.file.name), firstId };
    foundJobs.set(copy.key, job);
    update({ found: [...state.found, copy] });
  }
  update({ pending: checking.size });
}

/** Reads the waiting files one by one and asks again with each one's SHA-256. */
async function hashQueue() {
  if (reading) return;
  const current = generation;
  for (let job = toHash.shift(); job && current === generation; job = toHash.shift()) {
    const controller = (reading = new AbortController());
    const { file } = job;
    const title = titleFromFileName(file.name);
    update({ hashing: { title, percent: 0 } });
    const onProgress = (bytes: number) =>
      update({ hashing: { title, percent: file.size > 0 ? Math.floor((bytes / file.size) * 100) : 100 } });
    let firstId: number | undefined;
    try {
      const sha256 = await hashFile(file, onProgress, controller.signal);
      firstId = (await checkUpload(job.projectId, file.size, sha256, controller.signal)).duplicate?.videoId;
    } catch {
      // Stopped, unreadable or unanswered: the file is sent, and the server's own check still applies.
    }
    if (current !== generation) return;
    reading = null;
    update({ hashing: null });
    settle(job, firstId);
  }
}

/**
 * Starts uploading the chosen video files (others are ignored; returns how many were taken), each once the
 * server has said the project has not got it. A file can be one the project has only when a video of exactly
 * its size is there: only such a file is read (hashed) first; the others are sent at once. A file the project
 * has is not sent but listed in `found`, for the person to open the first copy or keep both.
 */
export function uploadChecked(files: readonly File[], projectId: number, queryClient: QueryClient, maxBytes?: number) {
  const videos = files.filter(isVideoFile);
  for (const file of videos) {
    const job: Job = { file, projectId, queryClient, maxBytes };
    // Refused before sending anyway (over the size limit): shown failed at once.
    if (maxBytes !== undefined && file.size > maxBytes) {
      send(job);
      continue;
    }
    checking.add(job);
    update({ pending: checking.size });
    checkUpload(projectId, file.size).then(
      ({ sameSize }) => {
        if (!sameSize || !checking.has(job)) return settle(job);
        toHash.push(job);
        void hashQueue();
      },
      () => settle(job),
    );
  }
  return videos.length;
}

/** Sends the files still being checked without waiting for their check (the server still checks them). */
export function skipChecks() {
  toHash.length = 0;
  reading?.abort();
  for (const job of [...checking]) settle(job);
}

/** "Keep both": sends a file the project has, as a second copy (which counts against the storage quota). */
export function keepBoth(key: number) {
  const job = foundJobs.get(key);
  dropFound(key);
  if (job) send(job, true);
}

/** Leaves out a file the project has (nothing of it was sent); without a key, all of them. */
export function dropFound(key?: number) {
  if (key === undefined) foundJobs.clear();
  else foundJobs.delete(key);
  update({ found: state.found.filter((copy) => foundJobs.has(copy.key)) });
}

/** Forgets every check (the tests start each case from none). */
export function forgetChecks() {
  generation += 1;
  checking.clear();
  toHash.length = 0;
  foundJobs.clear();
  reading?.abort();
  reading = null;
  state = IDLE;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUploadChecks(): UploadChecks {
  return useSyncExternalStore(subscribe, () => state);
}
