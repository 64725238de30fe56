import fs from 'node:fs/promises';
import type { Video } from '@fanout/contracts';
import type { AppContext } from '../../context';
import { payloadTooLarge, unprocessable } from '../../http/errors';
import type { ProbeResult } from '../../media/media';
import { thumbnailTime } from '../../media/thumbnails';
import { lockUser } from '../../repositories/users.repository';
import { findVideosOfProjectByContentHash, insertVideo, type NewVideo } from '../../repositories/videos.repository';
import { randomName, tempPath } from '../../storage/temp-file';
import { formatBytes, usedBytes } from '../storage-usage.service';
import { removeStoredFiles, toVideoJson } from '../videos.service';
import { titleFromFileName } from '../cut-text';
import { videoUploaded } from '../activity/activity-moments';
import { DuplicateVideoError, fileSha256, type DuplicatePolicy } from '../collections/duplicate-video';

/** A whole file received on this machine, by whichever protocol (multipart POST /api/upload, tus). */
export interface ReceivedFile {
  path: string;
  bytes: number;
  /** The browser's file name, already cleaned (cleanOriginalName). */
  originalName: string;
  /** Hex SHA-256 of the content, computed as the bytes arrived, when the protocol could. */
  sha256?: string;
}

/** Where it goes: a project the caller owns (already checked) and an optional title. */
export interface UploadTarget {
  projectId: number;
  title?: string;
  /** What a file the project already has does (default `allow`). */
  duplicates?: DuplicatePolicy;
  /** The person uploading (the video is the project owner's); the trail names them. Default: the owner. */
  uploadedBy?: number;
}

/** 413 quota_exceeded for a file (`what`: a video, a cover) that does not fit in the storage left. */
export const quotaExceeded = (used: number, quota: number, what = 'video') =>
  payloadTooLarge(
    `This ${what} does not fit in your storage: ${formatBytes(used)} of ${formatBytes(quota)} is used. ` +
      'Delete some videos to make room.',
    'quota_exceeded',
  );

const notAVideo = () => unprocessable('This file is not a video we can read', 'not_a_video');
export const incompleteVideo = () =>
  unprocessable(
    'This video is incomplete: the file ends before its media data does (an upload or a copy cut short). ' +
      'Send the whole file again.',
    'incomplete_video',
  );

interface Written {
  keys: string[];
  temps: string[];
}

/**
 * A JPEG preview in a temp file, or null: a video without a preview is still a video (the card shows a
 * placeholder). `durationSeconds` undefined: not known yet (the preview is made while ffprobe reads the
 * file), so the frame a second in is taken, as for any clip of two seconds or more.
 */
async function makeThumbnailFile(
  ctx: AppContext,
  temp: string,
  durationSeconds: number | null | undefined,
  written: Written,
) {
  const thumbTemp = tempPath(ctx.config.tmpDir, 'jpg');
  written.temps.push(thumbTemp);
  try {
    await ctx.media.makeThumbnail(temp, thumbTemp, durationSeconds === undefined ? 2 : durationSeconds);
    return thumbTemp;
  } catch (err) {
    ctx.log.warn({ err }, 'could not make a thumbnail');
    return null;
  }
}

async function storeFiles(
  ctx: AppContext,
  temp: string,
  facts: ProbeResult,
  thumbTemp: string | null,
  written: Written,
) {
  const id = randomName();
  const filename = `${id}.${facts.container!.extension}`;
  let thumbnail: { name: string; bytes: number } | null = null;
  if (thumbTemp) {
    try {
      const name = `${randomName()}.jpg`;
      written.keys.push(name);
      thumbnail = { name, bytes: (await ctx.storage.putFile(name, thumbTemp)).size };
    } catch (err) {
      ctx.log.warn({ err }, 'could not store a thumbnail');
    }
  }
  written.keys.push(filename);
  const stored = await ctx.storage.putFile(filename, temp);
  return { filename, size: stored.size, thumbnail };
}

/**
 * Records the stored video if it still fits the user's quota. Other uploads of the same user may have
 * been recorded since the file arrived: the user's row is locked while the usage is summed and the
 * video inserted, so two uploads that each fit alone cannot both get in. The thumbnail counts too:
 * the storage shown as used never passes the quota.
 */
async function recordWithinQuota(ctx: AppContext, video: NewVideo, duplicates: DuplicatePolicy, by: number) {
  const quota = ctx.config.storageQuotaBytes;
  return ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, video.userId);
    // Under the user's lock: of two uploads of one file at once, the second sees the first.
    const first = await firstCopy(trx, video.projectId, video.contentSha256, duplicates);
    if (first !== undefined && duplicates === 'refuse') throw new DuplicateVideoError(first);
    const used = await usedBytes(ctx, video.userId, trx);
    if (used + video.sizeBytes + video.thumbnailBytes > quota) throw quotaExceeded(used, quota);
    const row = await insertVideo(trx, { ...video, duplicateOf: first ?? null });
    await videoUploaded(trx, row, by);
    return row;
  });
}

/** The id of the project's first video with this content, when the policy looks for one. */
async function firstCopy(
  db: AppContext['db'],
  projectId: number,
  sha256: string | null | undefined,
  duplicates: DuplicatePolicy,
): Promise<number | undefined> {
  if (duplicates === 'allow' || !sha256) return undefined;
  return (await findVideosOfProjectByContentHash(db, projectId, sha256))[0]?.id;
}

/**
 * The one way a received file becomes a video, whatever protocol brought it: quota, a real video (ffprobe)
 * whose media data is all there (422 incomplete_video otherwise), a thumbnail, stored under a server-generated name, recorded within the quota. Whatever fails, what it
 * stored is removed; the received file itself is moved into storage on success and left to the caller
 * (who removes it) on failure.
 */
export async function acceptUploadedFile(
  ctx: AppContext,
  userId: number,
  file: ReceivedFile,
  target: UploadTarget,
): Promise<Video> {
  const written: Written = { keys: [], temps: [] };
  const duplicates = target.duplicates ?? 'allow';
  try {
    const sha256 = file.sha256 ?? (await fileSha256(file.path));
    // Refused before any work: nothing is stored, nothing counts against the quota.
    const first = await firstCopy(ctx.db, target.projectId, sha256, duplicates);
    if (first !== undefined && duplicates === 'refuse') throw new DuplicateVideoError(first);
    const used = await usedBytes(ctx, userId);
    if (used + file.bytes > ctx.config.storageQuotaBytes) throw quotaExceeded(used, ctx.config.storageQuotaBytes);

    // The preview is made while ffprobe reads the file (each on its own core), and the completeness check
    // runs while a short clip's preview is made again at its middle.
    const early = makeThumbnailFile(ctx, file.path, undefined, written);
    // Whatever happens, the early preview has finished before its temp file is removed.
    const facts = await ctx.media.probe(file.path).catch(async (err: unknown) => {
      await early;
      throw err;
    });
    if (!facts.hasVideo || !facts.container) {
      await early;
      throw (await ctx.media.looksCutShort(file.path)) ? incompleteVideo() : notAVideo();
    }
    // A file cut short can carry a whole index: prove the media data is there too.
    const short = facts.durationSeconds !== null && thumbnailTime(facts.durationSeconds) < thumbnailTime(2);
    const [completeness, thumbTemp, faststart] = await Promise.all([
      ctx.media.completeness(file.path, facts),
      short ? early.then(() => makeThumbnailFile(ctx, file.path, facts.durationSeconds, written)) : early,
      // Recorded for the fit planner: a platform that reads an MP4 as it arrives needs its index first.
      ctx.media.indexFirst(file.path, facts),
    ]);
    if (completeness === 'incomplete') throw incompleteVideo();

    const stored = await storeFiles(ctx, file.path, facts, thumbTemp, written);
    const video = {
      userId,
      projectId: target.projectId,
      title: target.title || titleFromFileName(file.originalName),
      status: 'awaiting-details',
      durationSeconds: facts.durationSeconds,
      sizeBytes: stored.size,
      filename: stored.filename,
      thumbnailFilename: stored.thumbnail?.name ?? null,
      thumbnailBytes: stored.thumbnail?.bytes ?? 0,
      width: facts.width,
      height: facts.height,
      fps: facts.fps,
      videoCodec: facts.videoCodec,
      audioCodec: facts.audioCodec,
      mimeType: facts.container.mimeType,
      originalName: file.originalName || stored.filename,
      contentSha256: sha256,
      faststart,
    };
    return toVideoJson(await recordWithinQuota(ctx, video, duplicates, target.uploadedBy ?? userId));
  } catch (err) {
    await removeStoredFiles(ctx, written.keys);
    throw err;
  } finally {
    await Promise.all(written.temps.map((p) => fs.rm(p, { force: true })));
  }
}
