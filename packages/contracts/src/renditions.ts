import { z } from 'zod';
import { Id } from './common';
import { PlatformKey } from './platforms';
import type { VideoFacts } from './platform-limits/types';
import { FitRequest, FitStep, type FitResponse } from './video-fit';

type FitOutput = FitResponse['plan']['output'];

const d = (description: string) => ({ description });

/**
 * POST /api/videos/:id/renditions: the same target and settings as a fit check, so the copy made is the plan
 * shown. The same settings for the same video name the same copy, so asking twice answers the first copy
 * instead of making a second.
 */
export const RenditionRequest = FitRequest.meta({ id: 'RenditionRequest' });
export type RenditionRequest = z.infer<typeof RenditionRequest>;

export const RenditionStatus = z
  .enum(['queued', 'rendering', 'ready', 'failed'])
  .meta({ id: 'RenditionStatus', description: 'queued → rendering → ready, or failed with its reason.' });
export type RenditionStatus = z.infer<typeof RenditionStatus>;

/**
 * The caption track a copy has drawn into its picture (`burnCaptions`), as it was when the copy was asked for:
 * a track replaced since (a new file for its language, a newer `uploadedAt`) is another copy.
 */
export const BurnedCaptions = z.object({
  captionId: Id,
  language: z.string().nullable().meta(d('BCP-47; null for a copy asked for before the language was recorded.')),
  uploadedAt: z
    .string()
    .nullable()
    .meta(d("The track's `uploadedAt` whose file was burned in; null for a copy asked for before it was recorded.")),
});
export type BurnedCaptions = z.infer<typeof BurnedCaptions>;

export const Rendition = z
  .object({
    id: Id,
    videoId: Id,
    platform: PlatformKey,
    status: RenditionStatus,
    progress: z.number().min(0).max(1).meta(d("How far the render is, from ffmpeg's own progress; 1 when ready.")),
    error: z
      .object({ code: z.string(), message: z.string() })
      .nullable()
      .meta(d("Why the render failed, in words (ffmpeg's reason); null otherwise.")),
    steps: z.array(FitStep).meta(d('What the copy is made with, in order.')),
    width: z.int().nullable(),
    height: z.int().nullable(),
    fps: z.number().nullable(),
    durationMs: z.int().nullable(),
    sizeBytes: z.int().nullable().meta(d('The copy’s size once ready; it counts against the storage quota.')),
    url: z
      .string()
      .nullable()
      .meta(
        d(
          'Where the ready copy plays in the page: an unguessable address on this origin, as the video’s own file; null until ready.',
        ),
      ),
    burnedCaptions: BurnedCaptions.nullable().meta(d('The caption track drawn into the picture; null: none.')),
    createdAt: z.string(),
  })
  .meta({ id: 'Rendition', description: 'A copy of a video made to fit one platform target.' });
export type Rendition = z.infer<typeof Rendition>;

export const RenditionResponse = z.object({ rendition: Rendition }).meta({ id: 'RenditionResponse' });
export type RenditionResponse = z.infer<typeof RenditionResponse>;

export const RenditionList = z.object({ renditions: z.array(Rendition) }).meta({ id: 'RenditionList' });
export type RenditionList = z.infer<typeof RenditionList>;

/** The live stream's `event: rendition`: a copy of the person's changed (queued, progress, ready, failed). */
export const RenditionEvent = z.object({ rendition: Rendition }).meta({ id: 'RenditionEvent' });
export type RenditionEvent = z.infer<typeof RenditionEvent>;

/**
 * The facts a post sending a fitting copy is checked against (server and composer alike): the plan's output, and
 * once the copy is ready its own facts as ffprobe read them. An MP4 whatever the source was.
 */
export function copyFacts(
  video: VideoFacts,
  output: FitOutput,
  ready?: Pick<Rendition, 'width' | 'height' | 'fps' | 'durationMs' | 'sizeBytes'> | null,
): VideoFacts {
  const durationMs = ready?.durationMs ?? output.durationMs;
  return {
    ...video,
    durationSeconds: durationMs === null ? video.durationSeconds : durationMs / 1000,
    sizeBytes: ready?.sizeBytes ?? output.estimatedBytes ?? video.sizeBytes,
    width: ready?.width ?? output.width,
    height: ready?.height ?? output.height,
    fps: ready?.fps ?? output.fps,
    videoCodec: output.videoCodec,
    audioCodec: output.audioCodec,
    mimeType: 'video/mp4',
  };
}
