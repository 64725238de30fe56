import { trimStepOf, type FitStep } from '@fanout/contracts';
import { SAFE_INPUT_ARGS } from './containers';

/** x264's presets, fastest first: each is slower than the one before and makes a smaller file at the same quality. */
export const X264_PRESETS = ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow'] as const;
export type X264Preset = (typeof X264_PRESETS)[number];

type Step<K extends FitStep['kind']> = Extract<FitStep, { kind: K }>;

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));
const seconds = (ms: number) => (ms / 1000).toFixed(3);

/**
 * The whole frame over a blurred copy of itself filling a `w`×`h` canvas. The blur is computed at a quarter of
 * the canvas and scaled up: a blurred picture loses nothing by it, and it makes a 1080×1920 pad of 1080p30
 * render in 1.33× its duration on 2 cores instead of 1.8× (docs/renditions.md).
 */
function padGraph(w: number, h: number): string {
  const qw = even(w / 4);
  const qh = even(h / 4);
  return [
    '[0:v]split=2[bg][fg]',
    `[bg]scale=${qw}:${qh}:force_original_aspect_ratio=increase,crop=${qw}:${qh},boxblur=8:2,scale=${w}:${h}[bgs]`,
    `[fg]scale=${w}:${h}:force_original_aspect_ratio=decrease:force_divisible_by=2[fgs]`,
    '[bgs][fgs]overlay=(W-w)/2:(H-h)/2',
  ].join(';');
}

/**
 * The video filter graph of a plan's crop, pad and scale, ending in square pixels and 4:2:0 (what H.264 players
 * and every platform take; a 10-bit HEVC source becomes 8-bit). A pad followed by a scale is padded straight at
 * the scaled size: the same picture without making the large canvas first.
 */
/**
 * A captions file's path as a filter argument. The file is one the server wrote (a temp name), so it holds none
 * of the characters the graph gives a meaning to (`:`, `'`, `\`, `,`, `;`, `[`): any other path is refused rather
 * than escaped.
 */
function filterPath(file: string): string {
  if (!/^[A-Za-z0-9_./-]+$/.test(file)) throw new Error(`not a path the filter graph can name: ${file}`);
  return file;
}

export function videoGraph(steps: readonly FitStep[], captionsFile?: string): string {
  const crop = steps.find((s): s is Step<'crop'> => s.kind === 'crop');
  const pad = steps.find((s): s is Step<'pad'> => s.kind === 'pad');
  const scale = steps.find((s): s is Step<'scale'> => s.kind === 'scale');
  // Burned-in captions (libass) are drawn on the final frame, so their size follows the copy's, not the source's.
  const burn = captionsFile ? `subtitles=filename=${filterPath(captionsFile)},` : '';
  const square = `${burn}setsar=1,format=yuv420p[v]`;
  if (pad) return `${padGraph(scale?.width ?? pad.width, scale?.height ?? pad.height)},${square}`;
  const filters = [
    ...(crop ? [`crop=${crop.width}:${crop.height}:${crop.x}:${crop.y}`] : []),
    ...(scale ? [`scale=${scale.width}:${scale.height}`] : []),
  ];
  return `[0:v]${[...filters, square].join(',')}`;
}

/** The duration of the copy in ms: the trimmed range, else the source's. */
export function outputDurationMs(steps: readonly FitStep[], sourceMs: number | null): number | null {
  const trim = trimStepOf(steps);
  return trim ? trim.endMs - trim.startMs : sourceMs;
}

/**
 * ffmpeg's arguments for a plan: `input` read as an upload is (local file, video demuxers only), `output` an MP4
 * with its index first. A lone `rewrap` copies the streams; anything else encodes H.264 (x264 at `preset`,
 * `veryfast` unless RENDER_PRESET says otherwise, CRF 21,
 * held under the plan's bitrate by -maxrate/-bufsize) and AAC. `captionsFile`, an SRT file whose times count from
 * the copy's start, is drawn into the picture (and so needs the transcode). Progress goes to stdout as `key=value`
 * lines.
 */
export function renderArgs(
  steps: readonly FitStep[],
  input: string,
  output: string,
  { captionsFile, preset = 'veryfast' }: { captionsFile?: string; preset?: X264Preset } = {},
): string[] {
  const head = ['-v', 'error', '-nostdin', '-y', '-progress', 'pipe:1', '-nostats'];
  const trim = trimStepOf(steps);
  // Seeking on the input is fast and, with re-encoding, frame-exact; -t counts from there.
  const range = trim ? ['-ss', seconds(trim.startMs), '-t', seconds(trim.endMs - trim.startMs)] : [];
  const inputArgs = [...SAFE_INPUT_ARGS, ...range, '-i', input];
  const tail = ['-map_metadata', '-1', '-movflags', '+faststart', '-f', 'mp4', output];
  const transcode = steps.find((s): s is Step<'transcode'> => s.kind === 'transcode');
  if (!transcode && !captionsFile) {
    return [...head, ...inputArgs, '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', ...tail];
  }
  if (!transcode) throw new Error('burning captions in needs a transcode step');
  const rate = transcode.videoBitrate;
  return [
    ...head,
    ...inputArgs,
    ...['-filter_complex', videoGraph(steps, captionsFile), '-map', '[v]', '-map', '0:a:0?'],
    ...['-c:v', 'libx264', '-preset', preset, '-crf', '21', '-profile:v', 'high'],
    ...['-maxrate', String(rate), '-bufsize', String(rate * 2), '-r', String(transcode.fps)],
    ...['-c:a', 'aac', '-b:a', String(transcode.audioBitrate), '-ac', '2'],
    ...tail,
  ];
}
