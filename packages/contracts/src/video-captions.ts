import { z } from 'zod';
import { IdParams } from './common';

/**
 * The largest caption file taken: 1 MB. YouTube's captions.insert takes up to 100 MB (its discovery document's
 * maxSize) and X's subtitles far less than a video; a real subtitle file of a long film is a few hundred KB, so
 * 1 MB leaves room for any video a creator posts while keeping a stray upload small.
 */
export const CAPTION_MAX_BYTES = 1024 * 1024;

export const CAPTION_FORMATS = ['srt', 'vtt'] as const;
export type CaptionFormat = (typeof CAPTION_FORMATS)[number];

/**
 * A BCP-47 language tag in its canonical spelling (`en-us` becomes `en-US`), as YouTube's CaptionSnippet.language
 * and X's subtitles language_code take it. Well-formedness is the platform's own check (Intl.getCanonicalLocales),
 * the same in the server and the browser.
 */
export function canonicalLanguage(tag: string): string | null {
  if (!/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) return null;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

export const CaptionLanguage = z
  .string()
  .max(35)
  .transform((tag, ctx) => {
    const canonical = canonicalLanguage(tag);
    if (canonical === null) {
      ctx.addIssue({ code: 'custom', message: `"${tag}" is not a language tag (BCP-47, like en, fr-CA or pt-BR)` });
      return z.NEVER;
    }
    return canonical;
  })
  .meta({ type: 'string', description: 'A BCP-47 language tag: en, fr-CA, pt-BR…', example: 'en' });

/** One caption track of a video: one per language. */
export const VideoCaption = z.object({
  id: z.number().int(),
  language: z.string().meta({ description: 'BCP-47, in its canonical spelling' }),
  /** The name players show for the track; null: the platform names it from the language. */
  label: z.string().nullable(),
  format: z.enum(CAPTION_FORMATS),
  cueCount: z.number().int().min(0),
  /** The file as it was uploaded, served as text (never HTML). */
  url: z.string(),
  /** When this file was uploaded: a new file for the language changes it (and names another burned-in copy). */
  uploadedAt: z.string(),
});
export type VideoCaption = z.infer<typeof VideoCaption>;

export const VideoCaptionsResponse = z.object({ captions: z.array(VideoCaption) });
export type VideoCaptionsResponse = z.infer<typeof VideoCaptionsResponse>;
export const VideoCaptionResponse = z.object({ caption: VideoCaption });
export type VideoCaptionResponse = z.infer<typeof VideoCaptionResponse>;

export const CaptionParams = IdParams.extend({ language: CaptionLanguage });
export const CaptionUploadQuery = z.strictObject({
  label: z.string().trim().min(1).max(150).optional().meta({ description: 'The name players show for the track' }),
});

/**
 * Where captions go: sent as caption tracks to these platforms after the post, burnable into a fitting copy
 * for the others (which take no caption file through their APIs).
 */
export const CAPTION_TRACK_PLATFORMS = ['youtube', 'facebook', 'x'] as const;
export const CAPTION_BURN_IN_PLATFORMS = ['tiktok', 'instagram', 'reddit'] as const;
