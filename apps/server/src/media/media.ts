import { resolveBinaries, type BinarySettings, type MediaBinaries } from './binaries';
import { probeFile, type ProbeResult } from './ffprobe';
import { makeThumbnail } from './thumbnails';

export type { ProbeResult };
export type { Container } from './containers';

/** Everything the app asks of ffmpeg/ffprobe. Paths are local files. */
export interface Media {
  probe(file: string): Promise<ProbeResult>;
  /** JPEG preview of `video` written to `out`; `durationSeconds` picks the frame. */
  makeThumbnail(video: string, out: string, durationSeconds: number | null): Promise<void>;
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
  };
}
