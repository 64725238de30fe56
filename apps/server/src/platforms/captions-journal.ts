import { parseSubtitles, toSrt } from '../media/subtitles';
import type { PublishCaption, PublishJournal, PublishRequest } from './platform-adapter';

/** How far a captions step has gone: tracks sent (by position), and the platform's words for those it refused. */
export interface CaptionsJournal {
  captionsSent?: number;
  captionsRefused?: string[];
}

/** The journal of the captions step when the video has tracks not sent yet; null when there is none. */
export async function nextCaptionsStep<J extends PublishJournal & CaptionsJournal>(
  request: PublishRequest,
  j: J,
): Promise<J | null> {
  const tracks = (await request.captions?.()) ?? [];
  return tracks.length > (j.captionsSent ?? 0) ? { ...j, step: 'captions', captionsSent: j.captionsSent ?? 0 } : null;
}

/** The platform's words for the tracks it refused (or could not be sent), one per line; undefined when none. */
export const captionsErrorOf = (j: CaptionsJournal) =>
  j.captionsRefused && j.captionsRefused.length > 0 ? j.captionsRefused.join('\n') : undefined;

/**
 * One captions step: the track the journal points at is sent with `send`, which answers null when the platform
 * took it, or the words to show when it refused it (or it could not be sent); the journal then points at the next.
 */
export async function captionStep<J extends PublishJournal & CaptionsJournal>(
  request: PublishRequest,
  j: J,
  send: (track: PublishCaption) => Promise<string | null>,
): Promise<J> {
  const tracks = (await request.captions?.()) ?? [];
  const at = j.captionsSent ?? 0;
  const track = tracks[at];
  const refusal = track ? await send(track) : null;
  const refused = [...(j.captionsRefused ?? []), ...(track && refusal ? [`${track.language}: ${refusal}`] : [])];
  return { ...j, captionsSent: at + 1, captionsRefused: refused };
}

/** A track as SubRip, the one format Facebook and X take: WebVTT is converted. */
export const srtOf = (track: PublishCaption) =>
  track.format === 'srt' ? track.text : toSrt(parseSubtitles(track.text).cues);
