import { containerOf, SAFE_INPUT_ARGS, type Container } from './containers';
import { runProcess } from './run-process';

export interface ProbeResult {
  /** A real moving-picture stream in a video container (cover art and still images do not count). */
  hasVideo: boolean;
  durationSeconds: number | null;
  /** The container's first timestamp (not always 0: MPEG-TS, edited files); null when not given. */
  startSeconds: number | null;
  /** As displayed: swapped for streams rotated by 90°. */
  width: number | null;
  height: number | null;
  /** Frames per second (the stream's average rate, else its base rate); null when ffprobe gives neither. */
  fps: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  formatName: string | null;
  container: Container | null;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  nb_frames?: string;
  /** Fractions such as '30000/1001'; '0/0' when unknown. */
  avg_frame_rate?: string;
  r_frame_rate?: string;
  disposition?: { attached_pic?: number; still_image?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string; start_time?: string; tags?: { major_brand?: string } };
}

const NOT_A_VIDEO: ProbeResult = {
  hasVideo: false,
  durationSeconds: null,
  startSeconds: null,
  width: null,
  height: null,
  fps: null,
  videoCodec: null,
  audioCodec: null,
  formatName: null,
  container: null,
};

/** Formats whose "video" stream is one picture (or a picture sequence) rather than a film. */
const IMAGE_FORMAT = /(^|,)(image2|[a-z0-9]+_pipe|gif|apng|webp|ico|tiff?)(,|$)/;

function positive(value: string | number | undefined): number | null {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** 'num/den' → frames per second, to 3 decimals (29.97, not 29.970029…); null for '0/0' and nonsense. */
function frameRate(fraction: string | undefined): number | null {
  const [num = NaN, den = 1] = (fraction ?? '').split('/').map(Number);
  const fps = positive(num / den);
  return fps === null ? null : Math.round(fps * 1000) / 1000;
}

function isMovingPicture(s: FfprobeStream): boolean {
  return s.codec_type === 'video' && !s.disposition?.attached_pic && !s.disposition?.still_image;
}

function rotation(s: FfprobeStream): number {
  const fromSideData = s.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  const deg = fromSideData ?? Number(s.tags?.rotate ?? 0);
  return Number.isFinite(deg) ? Math.abs(deg) % 180 : 0;
}

/** Turns ffprobe's JSON into the facts we keep. Exported for tests of odd inputs. */
export function interpretProbe(raw: FfprobeOutput): ProbeResult {
  const streams = raw.streams ?? [];
  const video = streams.find(isMovingPicture);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const formatName = raw.format?.format_name ?? null;
  const durationSeconds = positive(raw.format?.duration) ?? positive(video?.duration);
  if (!video || !formatName) return { ...NOT_A_VIDEO, formatName, audioCodec: audio?.codec_name ?? null };

  const videoCodec = video.codec_name ?? null;
  const audioCodec = audio?.codec_name ?? null;
  const container = containerOf({ formatName, majorBrand: raw.format?.tags?.major_brand, videoCodec, audioCodec });
  const singleFrame = video.nb_frames === '1' || durationSeconds === null;
  const hasVideo = container !== null && !IMAGE_FORMAT.test(formatName) && !singleFrame;
  const start = Number(raw.format?.start_time);
  const startSeconds = Number.isFinite(start) ? start : null;
  const turned = rotation(video) === 90;
  const width = positive(turned ? video.height : video.width);
  const height = positive(turned ? video.width : video.height);
  // The average is what viewers see; the base rate can be a timebase artefact (e.g. 90000/1) in odd files.
  const fps = frameRate(video.avg_frame_rate) ?? frameRate(video.r_frame_rate);
  return {
    hasVideo,
    durationSeconds,
    startSeconds,
    width,
    height,
    fps,
    videoCodec,
    audioCodec,
    formatName,
    container,
  };
}

/**
 * Reads a file's facts with ffprobe. A file ffprobe cannot parse is "not a video" (a normal answer);
 * a missing binary or a timeout is an error.
 */
export async function probeFile(ffprobe: string, file: string, timeoutMs: number): Promise<ProbeResult> {
  const args = ['-v', 'error', ...SAFE_INPUT_ARGS, '-print_format', 'json', '-show_format', '-show_streams', file];
  const result = await runProcess(ffprobe, args, { timeoutMs });
  if (result.exitCode !== 0) return NOT_A_VIDEO;
  try {
    return interpretProbe(JSON.parse(result.stdout) as FfprobeOutput);
  } catch {
    return NOT_A_VIDEO;
  }
}
