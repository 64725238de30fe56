import { randomBytes } from 'node:crypto';
import type { PublishCaption, PublishJournal, PublishRequest } from '../platform-adapter';
import { isPlatformError } from '../platform-error';
import type { YouTubeApi } from './youtube.api';
import { captionsErrorOf, captionStep, nextCaptionsStep, type CaptionsJournal } from '../captions-journal';

/** captions.insert as a multipart upload (discovery document: youtube.captions.insert, mediaUpload simple path). */
export const CAPTIONS_INSERT_URL = 'https://www.googleapis.com/upload/youtube/v3/captions';

export type { CaptionsJournal };
/** The journal of YouTube's captions step when the video has tracks not sent yet; null when there is none. */
export const nextYouTubeCaptions = nextCaptionsStep;

/** The Caption resource, then the file, as multipart/related (Google's multipart upload). */
function captionBody(videoId: string, track: PublishCaption): { boundary: string; body: Buffer } {
  const boundary = `caption_${randomBytes(12).toString('hex')}`;
  // snippet.language and snippet.name are required by captions.insert (CaptionSnippet annotations); an empty
  // name leaves the track named by its language.
  const resource = { snippet: { videoId, language: track.language, name: track.label ?? '' } };
  const body = Buffer.from(
    `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify(resource)}\r\n` +
      `--${boundary}\r\nContent-Type: application/octet-stream\r\n\r\n${track.text}\r\n--${boundary}--\r\n`,
  );
  return { boundary, body };
}

/**
 * Sends the next track (the journal says which) with captions.insert; each track is a step of its own, after
 * the video is live, so none is sent twice. A refusal never undoes the post: YouTube's words are kept, to be
 * shown on it. Passing faults, rate limits and an expired token are the runner's to retry, as for any step.
 */
export function sendYouTubeCaption<J extends PublishJournal & CaptionsJournal>(
  api: YouTubeApi,
  request: PublishRequest,
  videoId: string,
  j: J,
): Promise<J> {
  return captionStep(request, j, async (track) => {
    const { boundary, body } = captionBody(videoId, track);
    try {
      await api.request('captions', CAPTIONS_INSERT_URL, request.account.accessToken, {
        method: 'POST',
        query: { uploadType: 'multipart', part: 'snippet' },
        headers: { 'content-type': `multipart/related; boundary=${boundary}` },
        body,
      });
      return null;
    } catch (err) {
      const withdrawn = isPlatformError(err) && err.platformCode === 'insufficientPermissions';
      if (!isPlatformError(err) || (err.kind !== 'rejected' && !withdrawn)) throw err;
      // A send whose answer was lost, tried again: the track is there already.
      return err.platformCode === 'captionExists' ? null : (err.platformMessage ?? err.message);
    }
  });
}

/** YouTube's words for the tracks it refused, one per line; undefined when it took them all. */
export const youtubeCaptionsError = captionsErrorOf;
