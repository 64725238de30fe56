import type { FitStep, Rendition, VideoCaption } from '@fanout/contracts';

/**
 * Whether a copy burns in the track asked for, as it is now: none for none; the same track with the same file
 * (a new file for its language is another copy; a copy that did not record its file is taken by the track).
 */
function burnsTrack(copy: Rendition, track: VideoCaption | undefined): boolean {
  const burned = copy.burnedCaptions;
  if (!track || !burned) return !track && !burned;
  return burned.captionId === track.id && (burned.uploadedAt ?? track.uploadedAt) === track.uploadedAt;
}

/**
 * The copy made for these settings, as the server names one (the video, the plan's steps and the track burned
 * in): the same steps make the same file whichever platform asked first (Make vertical for TikTok and for
 * Instagram is one copy, sent to both), but a burned copy and a plain one are never taken for each other.
 */
export function copyFor(
  renditions: readonly Rendition[] | undefined,
  steps: readonly FitStep[] | undefined,
  burn: VideoCaption | undefined,
): Rendition | undefined {
  if (!steps || steps.length === 0) return undefined;
  const wanted = JSON.stringify(steps);
  return renditions?.find((r) => JSON.stringify(r.steps) === wanted && burnsTrack(r, burn));
}
