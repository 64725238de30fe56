import fs from 'node:fs/promises';
import type { FitStep } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { RenditionRow } from '../../db/renditions.schema';
import { RenderError, renderFit } from '../../media/render-fit';
import { claimRendition, markRenditionFailed, markRenditionReady } from '../../repositories/renditions.repository';
import { findVideoOfUser } from '../../repositories/videos.repository';
import { randomName, tempPath } from '../../storage/temp-file';
import { resumePostsOfCopy } from '../publishing/copy-wait';
import { burnedCaptionsFile } from './burn-captions';
import { RenderHeartbeat } from './render-heartbeat';

/** A copy whose render was interrupted this many times (its process died each time) fails instead of looping. */
export const MAX_RENDER_ATTEMPTS = 3;

export type RenderOutcome = 'ready' | 'failed' | 'stopped' | 'not_due';

/** What the failure says to the person: ffmpeg's own reason, or what else went wrong, in words. */
function failureOf(err: unknown): { code: string; message: string } {
  if (err instanceof RenderError)
    return { code: 'render_failed', message: `ffmpeg could not make the copy: ${err.reason}` };
  const detail = err instanceof Error ? err.message : String(err);
  return { code: 'render_failed', message: `The copy could not be made: ${detail}` };
}

/**
 * Renders one copy (the `renditions.render` job): claims its row, reads the video from storage (a temp copy for
 * an object store), renders with ffmpeg while the heartbeat writes progress, stores the copy and records the
 * facts ffprobe reads from it. A copy deleted meanwhile stops ffmpeg and leaves nothing behind.
 */
export async function renderRendition(ctx: AppContext, id: number): Promise<{ outcome: RenderOutcome }> {
  const result = await render(ctx, id);
  // The posts that waited for this copy go now: publish it, or fail with its reason.
  if (result.outcome === 'ready' || result.outcome === 'failed') await resumePostsOfCopy(ctx, id);
  return result;
}

async function render(ctx: AppContext, id: number): Promise<{ outcome: RenderOutcome }> {
  const row = await claimRendition(ctx.db, id, ctx.config.renditions.leaseMs, MAX_RENDER_ATTEMPTS);
  if (!row) return { outcome: 'not_due' };
  const heartbeat = new RenderHeartbeat(ctx, row.id, row.attempts);
  const output = tempPath(ctx.config.tmpDir, 'mp4');
  let captionsFile: string | null = null;
  try {
    const video = await findVideoOfUser(ctx.db, row.video_id, row.user_id);
    if (!video) return { outcome: 'stopped' };
    const steps = row.steps as FitStep[];
    captionsFile = await burnedCaptionsFile(ctx, row, steps);
    await ctx.storage.withLocalFile(video.filename, (input) =>
      renderFit({
        ffmpeg: ctx.media.binaries().ffmpeg,
        steps,
        input,
        output,
        ...(captionsFile ? { captionsFile } : {}),
        preset: ctx.config.renditions.preset,
        sourceDurationMs: video.duration_seconds === null ? null : Math.round(video.duration_seconds * 1000),
        onProgress: heartbeat.report,
        signal: heartbeat.controller.signal,
      }),
    );
    await heartbeat.stop();
    return { outcome: await storeCopy(ctx, row, output) };
  } catch (err) {
    await heartbeat.stop();
    if (heartbeat.controller.signal.aborted) return { outcome: 'stopped' };
    ctx.log.warn({ err, rendition: row.id }, 'a render failed');
    await markRenditionFailed(ctx.db, row.id, row.attempts, failureOf(err));
    return { outcome: 'failed' };
  } finally {
    await fs.rm(output, { force: true });
    if (captionsFile) await fs.rm(captionsFile, { force: true });
  }
}

/** Stores the rendered file and marks the copy ready with the output's own facts; removes it if the row went. */
async function storeCopy(ctx: AppContext, row: RenditionRow, output: string): Promise<RenderOutcome> {
  const facts = await ctx.media.probe(output);
  const key = `${randomName()}.mp4`;
  const stored = await ctx.storage.putFile(key, output);
  const ready = await markRenditionReady(ctx.db, row.id, row.attempts, {
    storageKey: key,
    sizeBytes: stored.size,
    width: facts.width,
    height: facts.height,
    fps: facts.fps,
    durationMs: facts.durationSeconds === null ? null : Math.round(facts.durationSeconds * 1000),
  });
  if (ready) return 'ready';
  await ctx.storage.remove(key);
  return 'stopped';
}
