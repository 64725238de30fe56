import { execFileSync } from 'node:child_process';

/** What a platform reads from the bytes it received: the first video stream, the first audio stream, the file. */
export interface MediaFacts {
  /** ffprobe's container names, e.g. `mov,mp4,m4a,3gp,3g2,mj2`. */
  container: string;
  videoCodec: string;
  /** `null` when the file has no sound. */
  audioCodec: string | null;
  /** As shown: a stream stored rotated by 90° counts with its sides swapped. */
  width: number;
  height: number;
  fps: number;
  durationMs: number;
  /** e.g. `yuv420p`. */
  pixelFormat: string;
  /** `progressive`, `tt`, `bb`, … or `unknown` when the file does not say. */
  fieldOrder: string;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  pix_fmt?: string;
  field_order?: string;
  duration?: string;
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

function rate(text: string | undefined): number {
  const [num, den] = (text ?? '0/1').split('/').map(Number);
  return den ? num! / den : 0;
}

/**
 * ffmpeg's AVPROBE_SCORE_EXTENSION: a container it recognises scores 50 (MPEG-TS) to 100 (MP4, MOV, WebM, AVI).
 * Below it, ffprobe only guesses a raw stream from byte patterns: about 1 in 1,500 blocks of random bytes reads
 * as a 128×96 H.263 stream at score 25. Such a guess is not a video the emulator can read.
 */
const MIN_PROBE_SCORE = 50;

/**
 * Reads a file's facts with ffprobe; `null` when ffprobe finds no video stream in it, cannot read it at all, or
 * only guesses at its format (probe score under MIN_PROBE_SCORE).
 * Synchronous: a platform's processing step answers from it in the same request. ffprobe reads the headers only
 * (tens of milliseconds, whatever the file's size), once per upload (core/media-checks.ts keeps the answer).
 */
export function probeMedia(file: string, ffprobe: string): MediaFacts | null {
  const args = ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file];
  let stdout: string;
  try {
    stdout = execFileSync(ffprobe, args, {
      maxBuffer: 4 * 1024 * 1024,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return null;
  }
  try {
    return factsOf(JSON.parse(stdout) as ProbeOutput);
  } catch {
    return null;
  }
}

interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string; probe_score?: number };
}

function factsOf(out: ProbeOutput): MediaFacts | null {
  if ((out.format?.probe_score ?? 0) < MIN_PROBE_SCORE) return null;
  const video = out.streams?.find((s) => s.codec_type === 'video');
  if (!video?.width || !video.height) return null;
  const audio = out.streams?.find((s) => s.codec_type === 'audio');
  const rotation = Number(
    video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0,
  );
  const sideways = Math.abs(rotation) % 180 === 90;
  return {
    container: out.format?.format_name ?? '',
    videoCodec: video.codec_name ?? 'unknown',
    audioCodec: audio?.codec_name ?? null,
    width: sideways ? video.height : video.width,
    height: sideways ? video.width : video.height,
    fps: Math.round((rate(video.avg_frame_rate) || rate(video.r_frame_rate)) * 1000) / 1000,
    durationMs: Math.round(Number(out.format?.duration ?? video.duration ?? 0) * 1000),
    pixelFormat: video.pix_fmt ?? 'unknown',
    fieldOrder: video.field_order ?? 'unknown',
  };
}
