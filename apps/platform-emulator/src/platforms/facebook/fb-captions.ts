import type { EmulatorContext, RouteApi } from '../../core/context';
import { json } from '../../core/http';
import { invalidParam, missingParam, unsupportedRequest } from '../meta/graph-errors';
import { accessToken, checkParams, listItems, readParams, type ParamTable } from '../meta/graph-params';
import { graphRoute } from '../meta/graph-routes';
import { FB_CALLS } from './fb-calls';
import { pageToken, settleVideo, videos, type FbVideo } from './fb-store';

/** POST /<video-id>/captions's params (AdVideo.json, `captions` POST), none required. */
export const CAPTION_PARAMS: ParamTable = {
  captions_file: { type: 'file' },
  default_locale: { type: 'string' },
  locales_to_delete: { type: 'list<string>' },
};

/** A Facebook locale: language_REGION (`en_US`), the form of its locale list. */
const LOCALE = /^[a-z]{2}_[A-Z]{2}$/;
/** The file's name carries its locale: `filename.en_US.srt` (Graph API "Video Captions", Creating). */
const FILE_NAME = /\.([a-z]{2}_[A-Z]{2})\.srt$/;
const SRT_TIMES = /^\d{2}:\d{2}:\d{2},\d{3} --> \d{2}:\d{2}:\d{2},\d{3}/;

/** The cues of a SubRip file (a number line, then its times); null when the text is not SubRip. */
function srtCueCount(text: string): number | null {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (!/^\d+$/.test(lines[0]?.trim() ?? '') || !SRT_TIMES.test(lines[1] ?? '')) return null;
  return lines.filter((l) => SRT_TIMES.test(l)).length;
}

/**
 * `POST /<video-id>/captions` (Graph API "Video Captions", Creating; AdVideo.json): `captions_file` an SRT file
 * named `<name>.<locale>.srt`, `default_locale` the locale shown first, `locales_to_delete` the locales to remove.
 * A Page token of the video's Page with the Page-publishing permissions (fb-calls.ts); SRT only; a locale in
 * Facebook's `ll_CC` form. Answers `{"success": true}`; each track's locale, format and cue count is recorded on
 * the video and its published item (`captions`).
 */
export function registerCaptions(api: RouteApi, ctx: EmulatorContext) {
  graphRoute(api, 'POST', 'graph.facebook.com', '/:video/captions', 'captions', async (req) => {
    const p = await readParams(req);
    const video = videos(ctx).get(req.params.video!);
    const auth = pageToken(ctx, accessToken(req, p), video?.pageId ?? '', FB_CALLS.captions);
    if (!auth.ok) return auth.response;
    if (!video) return unsupportedRequest('POST', req.params.video!);
    const bad = checkParams(p, CAPTION_PARAMS);
    if (bad) return bad;
    const file = p.files.find((f) => f.field === 'captions_file');
    const toDelete = listItems(p.get('locales_to_delete') ?? '');
    const defaultLocale = p.get('default_locale');
    if (!file && toDelete.length === 0 && defaultLocale === undefined) return missingParam('captions_file');
    for (const locale of [...toDelete, ...(defaultLocale ? [defaultLocale] : [])])
      if (!LOCALE.test(locale)) return invalidParam(`Invalid locale: ${locale}`);
    let added: { language: string; format: string; cueCount: number } | undefined;
    if (file) {
      const locale = FILE_NAME.exec(file.filename)?.[1];
      if (!locale) return invalidParam('The caption file name must be in the format filename.locale.srt (en_US)');
      const cueCount = srtCueCount(file.data.toString('utf8'));
      if (cueCount === null || cueCount === 0) return invalidParam('The caption file must be a valid SRT file');
      added = { language: locale, format: 'srt', cueCount };
    }
    settleVideo(ctx, video.id, { poll: false, step: 'captions' });
    videos(ctx).update(video.id, (v: FbVideo) => {
      const kept = (v.captions ?? []).filter((c) => !toDelete.includes(c.language) && c.language !== added?.language);
      v.captions = added ? [...kept, added] : kept;
    });
    if (added && ctx.published.get('facebook', video.id)) ctx.published.addCaption('facebook', video.id, added);
    return json(200, { success: true });
  });
}
