import type { PublishJournal, PublishRequest } from './platform-adapter';

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
