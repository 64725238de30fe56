import fs from 'node:fs/promises';
import type { FitStep } from '@fanout/contracts';
import { outputDurationMs, renderArgs, type X264Preset } from './fit-filters';
import { runProcess } from './run-process';

export interface RenderInput {
  ffmpeg: string;
  steps: readonly FitStep[];
  /** A local file (a stored video, downloaded first from an object store). */
  input: string;
  output: string;
  /** An SRT file to burn into the picture, its times counted from the copy's start (a trim already applied). */
  captionsFile?: string;
  /** x264's preset for a transcode (RENDER_PRESET). */
  preset?: X264Preset;
  /** The source's duration, to turn ffmpeg's position into a fraction; null: progress stays 0 until the end. */
  sourceDurationMs: number | null;
  /** Called with 0..1 as ffmpeg reports its position (about twice a second). */
  onProgress?: (progress: number) => void;
  /** Aborting kills ffmpeg and removes the partial output. */
  signal?: AbortSignal;
}

/** ffmpeg refused or failed: `reason` is its own last meaningful words, for a person to read. */
export class RenderError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** Lines ffmpeg ends every failure with, which say nothing of the cause. */
const GENERIC = /^(Conversion failed!|Exiting normally.*|Error opening output files?:.*|Error while filtering.*)$/i;

/**
 * The last stderr line that says what went wrong, without ffmpeg's `[component @ 0x…]` prefix. The files it names
 * are the server's own paths, which are nobody's business: `files` says them in words ("the video"), and any
 * other path keeps only its file name.
 */
export function failureReason(stderr: string, exitCode: number | null, files: Record<string, string> = {}): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) => line.replace(/^\[[^\]]*@ 0x[0-9a-f]+\]\s*/i, '').trim())
    .filter((line) => line && !GENERIC.test(line));
  let reason = lines.at(-1) ?? `ffmpeg stopped with exit code ${exitCode ?? 'unknown'}`;
  for (const [file, words] of Object.entries(files)) reason = reason.split(file).join(words);
  return reason.replace(/(?:[A-Za-z]:)?(?:[\\/][^\s\\/:'"]+)+[\\/]([^\s\\/:'"]+)/g, '$1');
}

/** Reads `-progress` output: `out_time_us=…` lines give the position in the copy. */
function progressReader(durationMs: number | null, onProgress?: (p: number) => void) {
  let pending = '';
  return (text: string) => {
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const match = /^out_time_us=(\d+)/.exec(line.trim());
      if (match && durationMs) onProgress?.(Math.min(1, Number(match[1]) / 1000 / durationMs));
    }
  };
}

/**
 * Renders the copy a fit plan describes. Resolves once `output` is complete; on failure or abort removes the
 * partial output and rejects (a RenderError with ffmpeg's reason when ffmpeg itself failed). The time allowed
 * grows with the clip: 10× its duration plus two minutes, far beyond any working render.
 */
export async function renderFit(job: RenderInput): Promise<void> {
  const durationMs = outputDurationMs(job.steps, job.sourceDurationMs);
  const timeoutMs = 120_000 + 10 * (durationMs ?? 3_600_000);
  try {
    const result = await runProcess(job.ffmpeg, renderArgs(job.steps, job.input, job.output, job), {
      timeoutMs,
      signal: job.signal,
      onStdout: progressReader(durationMs, job.onProgress),
      background: true,
    });
    if (result.exitCode !== 0)
      throw new RenderError(
        failureReason(result.stderr, result.exitCode, { [job.input]: 'the video', [job.output]: 'the copy' }),
      );
  } catch (err) {
    await fs.rm(job.output, { force: true });
    throw err;
  }
  job.onProgress?.(1);
}
