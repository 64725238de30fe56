import type { FitRequest } from '@fanout/contracts';
import { cleanOptions } from '../../publish-draft';

/** How the person wants the fitting copy made; the defaults are the server's (docs/renditions.md). */
export interface FitSettings {
  aspect: 'pad' | 'crop' | 'keep';
  /** Where a crop sits across the frame: 0 left, 0.5 centre, 1 right. */
  cropX: number;
  vertical: boolean;
  /** The range kept; null: the first part, as long as the target allows. */
  trim: { startMs: number; endMs: number } | null;
  /** The caption track to burn into the copy's picture (its id), or null: none. */
  burnCaptions: number | null;
}

export const DEFAULT_FIT: FitSettings = { aspect: 'pad', cropX: 0.5, vertical: false, trim: null, burnCaptions: null };

/**
 * The options that choose a target's limits (a Facebook Reel or Page video: `kind`; see targetVideoLimits).
 * The others (a TikTok privacy level, Allow comments) are the post's: leaving them out keeps a TikTok check,
 * which asks TikTok within the per-user budget it shares with the publish options, from repeating per click.
 */
function limitOptions(options: Record<string, unknown>): Record<string, unknown> {
  const { kind } = cleanOptions(options);
  return kind === undefined ? {} : { kind };
}

/**
 * The body of a fit check and of a copy: the same target and settings (the caption track to burn in too, which
 * plans a re-encode), so the copy made is the plan shown.
 * Only what differs from the server's defaults is sent beyond the aspect, keeping equal settings one request.
 */
export function fitRequest(connectionId: number, options: Record<string, unknown>, s: FitSettings): FitRequest {
  return {
    connectionId,
    options: limitOptions(options),
    aspect: s.aspect,
    ...(s.aspect === 'crop' ? { cropX: s.cropX } : {}),
    ...(s.vertical ? { vertical: true } : {}),
    ...(s.trim ? { trim: s.trim } : {}),
    ...(s.burnCaptions !== null ? { burnCaptions: s.burnCaptions } : {}),
  };
}
