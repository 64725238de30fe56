import { publishCaptions } from '../captions/publish-captions';
import type { AppContext } from '../../context';
import type { RenditionRow } from '../../db/renditions.schema';
import type { VideoRow } from '../../db/schema';
import type { ConnectedAccount, MediaSource, PublishCover, PublishRequest } from '../../platforms/platform-adapter';
import { frameInCopy } from '../covers/frame-in-copy';
import { coverImageAddress } from '../covers/public-address';

export interface PostFields {
  title: string;
  caption: string;
  tags: string[];
  options: Record<string, unknown>;
}

/** A ready fitting copy the post sends instead of the video as uploaded (an MP4 in storage). */
export type PublishCopy = Pick<
  RenditionRow,
  'storage_key' | 'size_bytes' | 'width' | 'height' | 'duration_ms' | 'steps'
>;

/**
 * What an adapter needs to publish a stored video as an account: the file (the video's, or its fitting copy's
 * with the copy's own facts) and its preview read from storage in ranges (never whole), and the post's fields.
 */
export function buildPublishRequest(
  ctx: AppContext,
  video: VideoRow,
  account: ConnectedAccount,
  post: PostFields,
  copy?: PublishCopy | null,
): PublishRequest {
  const source = (key: string, sizeBytes: number, mimeType: string): MediaSource => ({
    sizeBytes,
    mimeType,
    filename: key,
    read: (range) => {
      const stream = ctx.storage.createReadStream(key, range);
      // A read that fails before its consumer listens (the file went away) must not end the process: the
      // consumer still sees the error through its own listener, or the stream it reads is destroyed.
      stream.on('error', () => {});
      return stream;
    },
  });
  return {
    account,
    video: copy?.storage_key
      ? {
          ...source(copy.storage_key, Number(copy.size_bytes ?? 0), 'video/mp4'),
          filename: copyName(video.original_name || video.filename),
          durationSeconds: copy.duration_ms === null ? video.duration_seconds : copy.duration_ms / 1000,
          width: copy.width,
          height: copy.height,
        }
      : {
          ...source(video.filename, video.size_bytes, video.mime_type),
          filename: video.original_name || video.filename,
          durationSeconds: video.duration_seconds,
          width: video.width,
          height: video.height,
        },
    thumbnail: video.thumbnail_filename ? source(video.thumbnail_filename, video.thumbnail_bytes, 'image/jpeg') : null,
    cover: publishCover(ctx, video, source, copy),
    captions: publishCaptions(ctx, video.id),
    post,
  };
}

/** The copy's name as the platform sees it: the video's own, as an MP4. */
const copyName = (name: string) => `${name.replace(/\.[^./]*$/, '')}.mp4`;

/**
 * The video's cover as adapters take it (docs/covers.md); null when none was chosen. A frame is given in the
 * file sent: in a trimmed copy, where that copy has it.
 */
function publishCover(
  ctx: AppContext,
  video: VideoRow,
  source: (key: string, sizeBytes: number, mimeType: string) => MediaSource,
  copy: PublishCopy | null | undefined,
): PublishCover | null {
  if (video.cover_kind === 'frame' && video.cover_frame_ms !== null)
    return {
      kind: 'frame',
      frameMs: copy?.storage_key ? frameInCopy(video.cover_frame_ms, copy.steps) : video.cover_frame_ms,
    };
  if (video.cover_kind === 'image' && video.cover_filename && video.cover_width && video.cover_height)
    return {
      kind: 'image',
      image: source(video.cover_filename, video.cover_bytes, video.cover_mime_type ?? 'image/jpeg'),
      width: video.cover_width,
      height: video.cover_height,
      publicUrl: coverImageAddress(ctx.config.publicUrl, video.cover_filename),
    };
  return null;
}
