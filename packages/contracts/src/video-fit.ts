import { z } from 'zod';
import { Id } from './common';
import { PostViolation } from './platform-limits/violation';

const d = (description: string) => ({ description });

/** POST /api/videos/:id/fit: the target (an account and its options) and how the copy should be made. */
export const FitRequest = z
  .strictObject({
    connectionId: Id.meta(d("The connected account the video would go to (one of the video's project).")),
    options: z
      .record(z.string(), z.unknown())
      .optional()
      .meta(d("The platform's options as a post sends them; `kind: 'reel'` makes a Facebook target a Reel.")),
    aspect: z
      .enum(['crop', 'pad', 'keep'])
      .optional()
      .meta(d('When the shape must change: crop to it, pad over a blurred copy (default), or keep it as it is.')),
    cropX: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .meta(d('Where a crop sits across the frame: 0 left edge, 0.5 centre (default), 1 right edge.')),
    vertical: z
      .boolean()
      .optional()
      .meta(
        d(
          'Make it 9:16 on TikTok, Instagram Reels, YouTube Shorts and Facebook Reels, even where landscape is allowed.',
        ),
      ),
    trim: z
      .strictObject({ startMs: z.int().min(0), endMs: z.int().positive() })
      .refine((t) => t.endMs > t.startMs, 'endMs must be after startMs')
      .optional()
      .meta(d('The range kept; without it a video too long keeps its first part, as long as the target allows.')),
    burnCaptions: Id.optional().meta(
      d(
        "A caption track of the video (its `id`) to draw into the copy's picture, for platforms that take no " +
          'caption file (docs/captions.md). It needs a re-encode, so the plan has one even for a video that fits as ' +
          'it is. Part of the copy’s settings: the same track names the same copy.',
      ),
    ),
  })
  .meta({ id: 'FitRequest' });
export type FitRequest = z.infer<typeof FitRequest>;

const Pixels = z.int().positive();

export const FitStep = z
  .discriminatedUnion('kind', [
    z
      .object({ kind: z.literal('rewrap'), container: z.literal('mp4'), faststart: z.literal(true) })
      .meta(d('Copy the streams into an MP4 with its index first, without re-encoding.')),
    z
      .object({ kind: z.literal('trim'), startMs: z.int().min(0), endMs: z.int().positive() })
      .meta(d('Keep only this range.')),
    z
      .object({ kind: z.literal('crop'), width: Pixels, height: Pixels, x: z.int().min(0), y: z.int().min(0) })
      .meta(d('Keep this region of the source frame.')),
    z
      .object({ kind: z.literal('pad'), width: Pixels, height: Pixels, background: z.literal('blur') })
      .meta(d('Show the whole frame on a canvas of this size, over a blurred, scaled copy of itself.')),
    z.object({ kind: z.literal('scale'), width: Pixels, height: Pixels }).meta(d('Make the frame this size.')),
    z
      .object({
        kind: z.literal('transcode'),
        videoCodec: z.literal('h264'),
        audioCodec: z.literal('aac'),
        fps: z.number().positive(),
        videoBitrate: z.int().positive().meta(d('Target video bitrate, bits per second.')),
        audioBitrate: z.int().positive().meta(d('Audio bitrate, bits per second.')),
      })
      .meta(d('Encode to H.264 and AAC in an MP4 with its index first.')),
  ])
  .meta({ id: 'FitStep' });
export type FitStep = z.infer<typeof FitStep>;
export type TrimStep = Extract<FitStep, { kind: 'trim' }>;

/** The plan's trim (the range of the video its copy keeps), or undefined when the copy keeps the whole video. */
export const trimStepOf = (steps: readonly FitStep[]): TrimStep | undefined =>
  steps.find((s): s is TrimStep => s.kind === 'trim');

export const FitOutput = z
  .object({
    width: z.int().nullable(),
    height: z.int().nullable(),
    fps: z.number().nullable(),
    videoCodec: z.string().nullable(),
    audioCodec: z.string().nullable(),
    durationMs: z.int().nullable(),
    estimatedBytes: z
      .int()
      .nullable()
      .meta(d("Target bitrates × duration for an encoded copy; the file's own size when the streams are kept.")),
  })
  .meta({
    id: 'FitOutput',
    description: 'The copy the steps make (the video itself when there are none); null: not known.',
  });

export const FitResponse = z
  .object({
    fits: z.boolean().meta(d('The video as uploaded meets every media rule of the target.')),
    violations: z.array(PostViolation).meta(d('The media rules of the target it breaks, in words.')),
    plan: z.object({
      steps: z.array(FitStep).meta(d('In the order they run; empty when nothing needs doing.')),
      output: FitOutput,
      remaining: z
        .array(PostViolation)
        .meta(d('What the copy would still break: a video too short, or too small (a copy is never made larger).')),
    }),
  })
  .meta({ id: 'FitResponse' });
export type FitResponse = z.infer<typeof FitResponse>;
