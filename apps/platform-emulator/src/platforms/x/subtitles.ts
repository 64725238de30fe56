import fs from 'node:fs';
import type { EmulatorContext, RouteApi } from '../../core/context';
import { json } from '../../core/http';
import { apiRoute } from './api';
import { mayUse, mediaRecords, type MediaRecord } from './media-store';
import { invalidRequest } from './problems';

const ID = /^[0-9]{1,19}$/;
/** CreateMediaSubtitlesSubtitles.language_code's pattern. */
const LANGUAGE_CODE = /^[A-Z]{2}$/;
/** CreateMediaSubtitlesRequest.media_category's values. */
const TARGET_CATEGORIES = ['AmplifyVideo', 'TweetVideo'];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The cues of a SubRip or WebVTT text (its time lines), and which of the two it is. */
function subtitleFacts(text: string): { format: string; cueCount: number } {
  const body = text.replace(/^\uFEFF/, '');
  const cueCount = body.split(/\r\n|\r|\n/).filter((l) => l.includes('-->')).length;
  return { format: body.startsWith('WEBVTT') ? 'vtt' : 'srt', cueCount };
}

/**
 * `POST /2/media/subtitles` ("Create Media subtitles", createMediaSubtitles; scope media.write): a JSON body with
 * `id` (the video's media id), `media_category` (AmplifyVideo or TweetVideo) and `subtitles` ({id: the subtitle
 * track's own media id, uploaded with media_category subtitles; language_code two capital letters;
 * display_name}). Both media must be the caller's and processed. The track is kept on the video, one per
 * language_code, and goes onto the published item (`captions`) when a post carries the video.
 */
export function registerSubtitles(api: RouteApi, ctx: EmulatorContext) {
  apiRoute(
    api,
    ctx,
    {
      method: 'POST',
      path: '/2/media/subtitles',
      step: 'subtitles',
      operation: 'createMediaSubtitles',
      limit: 'POST /2/media/subtitles',
    },
    async (req, token) => {
      const body = await req.json();
      if (!isObject(body)) return invalidRequest('The request body must be a JSON object.');
      const unknown = Object.keys(body).find((k) => !['id', 'media_category', 'subtitles'].includes(k));
      if (unknown) return invalidRequest(`The field [${unknown}] is not allowed.`, unknown);
      const { id, media_category: category, subtitles } = body;
      if (typeof id !== 'string' || !ID.test(id)) return invalidRequest('id must be a media id.', 'id', id);
      if (!TARGET_CATEGORIES.includes(category as string))
        return invalidRequest(
          `The media_category value [${String(category)}] is not one of [${TARGET_CATEGORIES.join(',')}].`,
          'media_category',
          category,
        );
      if (!isObject(subtitles)) return invalidRequest('The subtitles field is required.', 'subtitles');
      const { id: trackId, language_code: language, display_name: name } = subtitles;
      if (typeof trackId !== 'string' || !ID.test(trackId))
        return invalidRequest('subtitles.id must be a media id.', 'subtitles.id', trackId);
      if (typeof language !== 'string' || !LANGUAGE_CODE.test(language))
        return invalidRequest(
          `The subtitles.language_code value [${String(language)}] does not match ^[A-Z]{2}$.`,
          'subtitles.language_code',
          language,
        );
      if (name !== undefined && typeof name !== 'string')
        return invalidRequest('subtitles.display_name must be a string.', 'subtitles.display_name', name);
      const video = mediaRecords(ctx).get(id);
      const track = mediaRecords(ctx).get(trackId);
      const usable = (m: MediaRecord | undefined, want: (c: string) => boolean): m is MediaRecord =>
        mayUse(m, token.accountId) && m.state === 'succeeded' && want(m.category);
      if (!usable(video, (c) => c.endsWith('_video')))
        return invalidRequest(`Media id [${id}] is not a processed video of this user.`, 'id', id);
      if (!usable(track, (c) => c === 'subtitles'))
        return invalidRequest(`Media id [${trackId}] is not an uploaded subtitles file.`, 'subtitles.id', trackId);
      // A subtitles file is small (X takes it in one request): read whole.
      const text = fs.readFileSync(ctx.store.blobPath(track.blobId), 'utf8');
      const facts = subtitleFacts(text);
      const added = { language, ...(name ? { name } : {}), ...facts };
      mediaRecords(ctx).update(id, (v) => {
        v.subtitles = [...(v.subtitles ?? []).filter((s) => s.language !== language), added];
      });
      return json(200, {
        data: {
          id,
          media_category: category,
          associated_subtitles: { [language]: { id: trackId, display_name: name ?? language } },
        },
      });
    },
  );
}
