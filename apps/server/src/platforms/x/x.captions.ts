import { Readable } from 'node:stream';
import { captionStep, srtOf, type CaptionsJournal } from '../captions-journal';
import { multipartBody } from '../multipart-body';
import type { PublishCaption, PublishJournal, PublishRequest } from '../platform-adapter';
import { isPlatformError } from '../platform-error';
import { bearer, X_API, type XHttp } from './x.http';

/**
 * X's `language_code` (CreateMediaSubtitlesSubtitles: "BCP47 language code", pattern ^[A-Z]{2}$): a tag's
 * two-letter language, in capitals (`en-US` → `EN`); null for a language without a two-letter code (`fil`).
 */
export function xLanguageCode(language: string): string | null {
  const primary = /^([a-z]{2})(?:-|$)/.exec(language);
  return primary ? primary[1]!.toUpperCase() : null;
}

/**
 * Sends the next track (the journal says which): the file as a media of its own (the one-request upload,
 * media_category `subtitles`, as SubRip), then `POST /2/media/subtitles` associating it with the video's media
 * (X API v2 "Create Media subtitles"). It runs after the video is processed and before the post, one track per
 * step, so none is sent twice. A refusal keeps the post going without that track, X's words kept for the post;
 * passing faults, rate limits and an expired token are the runner's to retry, as for any step.
 */
export function sendXSubtitles<J extends PublishJournal & CaptionsJournal>(
  http: XHttp,
  request: PublishRequest,
  videoMediaId: string,
  j: J,
): Promise<J> {
  return captionStep(request, j, async (track) => {
    const code = xLanguageCode(track.language);
    if (!code) return 'not sent: X takes languages with a two-letter code only';
    try {
      const uploaded = await uploadTrack(http, request, track);
      await http.json('subtitles', `${X_API}/media/subtitles`, {
        headers: bearer(request.account.accessToken),
        json: {
          id: videoMediaId,
          media_category: 'AmplifyVideo',
          subtitles: { id: uploaded, language_code: code, display_name: track.label ?? track.language },
        },
      });
      return null;
    } catch (err) {
      if (!isPlatformError(err) || err.kind !== 'rejected') throw err;
      return err.platformMessage ?? err.message;
    }
  });
}

/** The track as a subtitles media (POST /2/media/upload, one request: a caption file is small); its id. */
async function uploadTrack(http: XHttp, request: PublishRequest, track: PublishCaption): Promise<string> {
  const srt = Buffer.from(srtOf(track));
  const form = multipartBody(
    { media_category: 'subtitles' },
    {
      field: 'media',
      filename: `${track.language}.srt`,
      contentType: 'text/srt',
      length: srt.length,
      stream: Readable.from([srt]),
    },
  );
  const answer = await http.json<{ data?: { id?: string } }>('subtitles', `${X_API}/media/upload`, {
    method: 'POST',
    headers: {
      ...bearer(request.account.accessToken),
      'content-type': form.contentType,
      'content-length': String(form.contentLength),
    },
    body: form.body,
  });
  if (!answer.data?.id) throw http.unrecognized('subtitles', undefined, 'a subtitles upload without id');
  return answer.data.id;
}
