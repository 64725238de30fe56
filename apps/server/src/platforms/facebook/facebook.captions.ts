import { Readable } from 'node:stream';
import { captionStep, srtOf, type CaptionsJournal } from '../captions-journal';
import type { GraphHttp } from '../meta/graph-http';
import { multipartBody } from '../multipart-body';
import type { PublishJournal, PublishRequest } from '../platform-adapter';
import { isPlatformError } from '../platform-error';

/**
 * Facebook names a caption's language by its locale (`en_US`), in the file's name (`<name>.<locale>.srt`). A bare
 * language tag has no region: these are the locales Facebook lists for the languages Fanout offers first.
 */
const LOCALE_OF_LANGUAGE: Record<string, string> = {
  en: 'en_US',
  es: 'es_LA',
  fr: 'fr_FR',
  de: 'de_DE',
  it: 'it_IT',
  pt: 'pt_PT',
  ja: 'ja_JP',
  ko: 'ko_KR',
  zh: 'zh_CN',
  'zh-Hans': 'zh_CN',
  'zh-Hant': 'zh_TW',
  hi: 'hi_IN',
  ar: 'ar_AR',
  nl: 'nl_NL',
  pl: 'pl_PL',
  ru: 'ru_RU',
  tr: 'tr_TR',
};

/** A BCP-47 tag as Facebook's locale: language_REGION (`pt-BR` → `pt_BR`); null when there is none to give. */
export function facebookLocale(language: string): string | null {
  const region = /^([a-z]{2})-([A-Z]{2})$/.exec(language);
  if (region) return `${region[1]}_${region[2]}`;
  return LOCALE_OF_LANGUAGE[language] ?? null;
}

/** The track as SubRip: Facebook's captions edge takes SRT only, so WebVTT is converted. */

/**
 * Sends the next track (the journal says which) to the Page video's `captions` edge (AdVideo.json `POST captions`:
 * `captions_file`, a file named `<name>.<locale>.srt`, with the Page token). Each track is a step of its own,
 * after the video exists, so none is sent twice. A refusal never undoes the post: Facebook's words are kept, to
 * be shown on it; passing faults, rate limits and an expired token are the runner's to retry, as for any step.
 */
export function sendFacebookCaption<J extends PublishJournal & CaptionsJournal>(
  http: GraphHttp,
  request: PublishRequest,
  videoId: string,
  j: J,
): Promise<J> {
  return captionStep(request, j, async (track) => {
    const locale = facebookLocale(track.language);
    if (!locale) return 'not sent: Facebook names caption languages by locale (en_US); give it a region';
    const srt = Buffer.from(srtOf(track));
    const form = multipartBody(
      {},
      {
        field: 'captions_file',
        filename: `captions.${locale}.srt`,
        contentType: 'application/x-subrip',
        length: srt.length,
        stream: Readable.from([srt]),
      },
    );
    try {
      await http.graph('captions', `${videoId}/captions`, request.account.accessToken, {
        method: 'POST',
        headers: { 'content-type': form.contentType, 'content-length': String(form.contentLength) },
        body: form.body,
      });
      return null;
    } catch (err) {
      // A permission the grant lacks refuses the captions only, not the Page video.
      const words = isPlatformError(err) && (err.kind === 'rejected' || !!err.missingPermissions?.length);
      if (!words) throw err;
      return err.platformMessage ?? err.message;
    }
  });
}
