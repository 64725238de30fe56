/** A container we store and serve: the file extension and Content-Type come from here, never from the upload. */
export interface Container {
  extension: string;
  mimeType: string;
}

export const VIDEO_CONTAINERS = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  m4v: 'video/x-m4v',
  '3gp': 'video/3gpp',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  ts: 'video/mp2t',
  mpg: 'video/mpeg',
  flv: 'video/x-flv',
  ogv: 'video/ogg',
  wmv: 'video/x-ms-wmv',
} as const;

export type VideoExtension = keyof typeof VIDEO_CONTAINERS;

/**
 * Every extension the server writes: videos, thumbnails and cover stills (jpg), uploaded cover images (jpg, png),
 * caption files (srt, vtt: served as text, never as something a browser would run; docs/captions.md).
 */
export const STORED_TYPES: Record<string, string> = {
  ...VIDEO_CONTAINERS,
  jpg: 'image/jpeg',
  png: 'image/png',
  srt: 'text/plain; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
};

/**
 * ffmpeg demuxers allowed to open an upload. Playlist and concat formats (hls, concat, …) could make
 * ffmpeg read other local files or URLs; images and audio are not videos anyway.
 */
export const ALLOWED_DEMUXERS = [
  'mov,mp4,m4a,3gp,3g2,mj2',
  'matroska,webm',
  'avi',
  'mpegts',
  'mpeg',
  'mpegvideo',
  'flv',
  'ogg',
  'asf',
].join(',');

/** Input options for every ffmpeg/ffprobe call on an upload: local files only, video demuxers only. */
export const SAFE_INPUT_ARGS = ['-protocol_whitelist', 'file', '-format_whitelist', ALLOWED_DEMUXERS] as const;

const WEBM_VIDEO = new Set(['vp8', 'vp9', 'av1']);
const WEBM_AUDIO = new Set(['vorbis', 'opus']);

function container(extension: VideoExtension): Container {
  return { extension, mimeType: VIDEO_CONTAINERS[extension] };
}

/** ISO-BMFF files share one ffprobe format name; the brand tells MP4, QuickTime, M4V and 3GPP apart. */
function isoContainer(majorBrand: string | undefined): Container {
  const brand = (majorBrand ?? '').trim().toLowerCase();
  if (brand === 'qt') return container('mov');
  if (brand.startsWith('m4v')) return container('m4v');
  if (brand.startsWith('3g')) return container('3gp');
  return container('mp4');
}

export interface ContainerFacts {
  formatName: string;
  majorBrand?: string;
  videoCodec: string | null;
  audioCodec: string | null;
}

/** The container of a probed file, or null for formats that are not video containers (images, audio, …). */
export function containerOf(facts: ContainerFacts): Container | null {
  const names = facts.formatName.split(',');
  if (names.includes('mp4') || names.includes('mov')) return isoContainer(facts.majorBrand);
  if (names.includes('matroska') || names.includes('webm')) {
    const webm =
      WEBM_VIDEO.has(facts.videoCodec ?? '') && (facts.audioCodec === null || WEBM_AUDIO.has(facts.audioCodec));
    return container(webm ? 'webm' : 'mkv');
  }
  const simple: Record<string, VideoExtension> = {
    avi: 'avi',
    mpegts: 'ts',
    mpeg: 'mpg',
    mpegvideo: 'mpg',
    flv: 'flv',
    ogg: 'ogv',
    asf: 'wmv',
  };
  const match = names.map((n) => simple[n]).find(Boolean);
  return match ? container(match) : null;
}
