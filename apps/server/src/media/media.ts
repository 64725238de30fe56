import { resolveBinaries, type BinarySettings, type MediaBinaries } from './binaries';
import {
  framingCompleteness,
  isoBoxesCompleteness,
  matroskaCompleteness,
  tailCompleteness,
  type Completeness,
} from './completeness';
import { probeFile, type ProbeResult } from './ffprobe';
import { indexFirst } from './iso-boxes';
import { grabFrame, makeThumbnail } from './thumbnails';

export type { ProbeResult, Completeness };
export type { Container } from './containers';

/** Everything the app asks of ffmpeg/ffprobe. Paths are local files. */
export interface Media {
  probe(file: string): Promise<ProbeResult>;
  /** JPEG preview of `video` written to `out`; `durationSeconds` picks the frame. */
  makeThumbnail(video: string, out: string, durationSeconds: number | null): Promise<void>;
  /** A JPEG still (as small as the preview) of the frame `atSeconds` in; false when ffmpeg could not make one. */
  makeStill(video: string, out: string, atSeconds: number): Promise<boolean>;
  /**
   * Whether the media data `facts` describe is all in the file: from the container's framing when it tells
   * (a few header reads), else from the packets of the last seconds. Never reads the whole file.
   */
  completeness(file: string, facts: ProbeResult): Promise<Completeness>;
  /**
   * For an MP4/MOV file: whether its index (moov) comes before its media data, as `+faststart` leaves it (a few
   * header reads). Null for other containers, and when the headers do not tell.
   */
  indexFirst(file: string, facts: ProbeResult): Promise<boolean | null>;
  /** For a file ffprobe could not read: whether it is an MP4/MOV or Matroska file cut short. */
  looksCutShort(file: string): Promise<boolean>;
  binaries(): MediaBinaries;
}

export interface MediaOptions extends BinarySettings {
  probeTimeoutMs?: number;
  thumbnailTimeoutMs?: number;
}

/** Binaries are looked up on first use, so a server without ffmpeg still starts and says why uploads fail. */
export function createMedia(opts: MediaOptions = {}): Media {
  let resolved: MediaBinaries | undefined;
  const binaries = () => (resolved ??= resolveBinaries(opts));
  const probeTimeout = opts.probeTimeoutMs ?? 30_000;
  const thumbTimeout = opts.thumbnailTimeoutMs ?? 60_000;
  return {
    binaries,
    probe: (file) => probeFile(binaries().ffprobe, file, probeTimeout),
    makeThumbnail: (video, out, durationSeconds) =>
      makeThumbnail(binaries().ffmpeg, video, out, durationSeconds, thumbTimeout),
    makeStill: (video, out, atSeconds) => grabFrame(binaries().ffmpeg, video, out, atSeconds, thumbTimeout),
    async completeness(file, facts) {
      const framing = await framingCompleteness(file, facts.formatName);
      if (framing !== 'unknown') return framing;
      return tailCompleteness(binaries().ffprobe, file, facts, probeTimeout);
    },
    async indexFirst(file, facts) {
      const names = (facts.formatName ?? '').split(',');
      return names.includes('mp4') || names.includes('mov') ? indexFirst(file) : null;
    },
    async looksCutShort(file) {
      const [iso, mkv] = await Promise.all([isoBoxesCompleteness(file), matroskaCompleteness(file)]);
      return iso === 'incomplete' || mkv === 'incomplete';
    },
  };
}
