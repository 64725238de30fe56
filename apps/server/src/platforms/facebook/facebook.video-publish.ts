import type { PublishJournal, PublishRequest, PublishStepResult } from '../platform-adapter';
import { PlatformError } from '../platform-error';
import { journalFields } from '../journal-fields';
import type { GraphHttp } from '../meta/graph-http';
import { metaError } from '../meta/meta.errors';
import { pageId, pageVideoUrl } from './facebook.urls';
import { setFacebookThumbnail, takesFacebookCover } from './facebook.cover';
import { facebookTitle } from './facebook.options';
import { sendFacebookCaption } from './facebook.captions';
import { captionsErrorOf, nextCaptionsStep, type CaptionsJournal } from '../captions-journal';

/** Bytes per transfer request: one step each, so a resume repeats at most this much. */
export const PAGE_VIDEO_PART_BYTES = 4 * 1024 * 1024;

/**
 * A Page video: upload session on the app → `file_offset` transfers → handle → POST /<page>/videos (the
 * create). The session and its transfers take the person's user token, the create the Page's (Graph API
 * "Upload a file"; Video API "Publish with the Video API").
 */
export async function pageVideoStep(
  http: GraphHttp,
  request: PublishRequest,
  journal: PublishJournal | null,
): Promise<PublishStepResult> {
  const token = request.account.accessToken;
  const total = request.video.sizeBytes;
  if (!journal) {
    const answer = await http.graph<{ id?: string }>('session', `${http.appId}/uploads`, userToken(http, request), {
      method: 'POST',
      query: { file_name: request.video.filename, file_length: total, file_type: request.video.mimeType },
    });
    if (typeof answer.id !== 'string' || !answer.id.startsWith('upload:'))
      throw http.unrecognized('session', undefined, 'an upload session without an upload: id');
    return {
      done: false,
      journal: { step: 'upload', kind: 'video', sessionId: answer.id, offset: 0 },
      progress: { bytesSent: 0, bytesTotal: total },
    };
  }
  const f = journalFields(http.platform, journal);
  switch (journal.step) {
    case 'upload':
      return transfer(http, request, journal, f.str('sessionId'), f.num('offset'));
    case 'create': {
      const answer = await http.graph<{ id?: string | number }>('create', `${pageId(request)}/videos`, token, {
        form: {
          title: facebookTitle(request) ?? request.post.title,
          description: request.post.caption,
          fbuploader_video_file_chunk: f.str('handle'),
        },
      });
      if (answer.id === undefined || answer.id === null) throw http.unrecognized('create', undefined, 'no video id');
      const id = String(answer.id);
      // The video exists; its thumbnail and captions are steps of their own after it, so a retry never creates
      // it again.
      if (takesFacebookCover(request, 'video'))
        return { done: false, journal: { ...journal, step: 'cover', videoId: id } };
      return afterCover(http, request, { ...journal, videoId: id });
    }
    case 'cover': {
      const coverError = await setFacebookThumbnail(http, request, f.str('videoId'));
      return afterCover(http, request, { ...journal, ...(coverError ? { coverError } : {}) });
    }
    case 'captions': {
      const sent = await sendFacebookCaption(http, request, f.str('videoId'), journal);
      return afterCover(http, request, sent);
    }
    default:
      throw http.unrecognized(journal.step, undefined, `an unknown saved step '${journal.step}'`);
  }
}

/** The captions step while tracks are left to send (Page videos only: video_reels takes none), else done. */
async function afterCover(
  http: GraphHttp,
  request: PublishRequest,
  journal: PublishJournal & CaptionsJournal,
): Promise<PublishStepResult> {
  const next = await nextCaptionsStep(request, journal);
  if (next) return { done: false, journal: next };
  const id = journalFields(http.platform, journal).str('videoId');
  const coverError = journalFields(http.platform, journal).optStr('coverError');
  const captionsError = captionsErrorOf(journal);
  return {
    done: true,
    journal: { ...journal, step: 'created', videoId: id },
    post: {
      platformPostId: id,
      url: pageVideoUrl(http, request, id),
      ...(coverError ? { coverError } : {}),
      ...(captionsError ? { captionsError } : {}),
    },
  };
}

async function transfer(
  http: GraphHttp,
  request: PublishRequest,
  journal: PublishJournal,
  sessionId: string,
  offset: number,
): Promise<PublishStepResult> {
  const total = request.video.sizeBytes;
  const end = Math.min(offset + PAGE_VIDEO_PART_BYTES, total) - 1;
  // Every byte is in but the answer carrying the handle was lost: an empty transfer at the end asks again.
  const body = offset >= total ? Buffer.alloc(0) : request.video.read({ start: offset, end });
  let answer: { h?: string; file_offset?: number | string };
  try {
    const res = await http.request('upload', http.graphUrl(sessionId), {
      method: 'POST',
      headers: {
        authorization: `OAuth ${userToken(http, request)}`,
        file_offset: String(offset),
        'content-type': 'application/octet-stream',
        'content-length': String(Math.max(0, end - offset + 1)),
      },
      body,
      // A 400 may be the offset mismatch, read below; any other 400 is classified as usual.
      accept: [400],
    });
    // The session holds other bytes than this part assumed (an earlier part landed though its answer was
    // lost): Facebook says where it stands, and the upload goes on from there.
    const held = offsetMismatch(res.body, total);
    if (held !== undefined) return uploaded(journal, held, total);
    if (res.status === 400 || metaError(res.body)) throw http.classify(res, 'upload');
    answer = (res.body ?? {}) as typeof answer;
  } catch (err) {
    // The part may have landed although no answer said so, or an earlier one did before a crash: the
    // session knows where it stands.
    const held = await heldBySession(http, request, sessionId, err);
    if (held === undefined || held === offset) throw err;
    return uploaded(journal, held, total);
  }
  if (typeof answer.h === 'string' && answer.h) {
    return {
      done: false,
      journal: {
        ...journal,
        step: 'create',
        offset: total,
        handle: answer.h,
        createStartedAt: new Date().toISOString(),
      },
      progress: { bytesSent: total, bytesTotal: total },
    };
  }
  const next = Number(answer.file_offset);
  if (!Number.isInteger(next) || next < 0 || next > total)
    throw http.unrecognized('upload', undefined, 'a transfer answer without h or file_offset');
  return uploaded(journal, next, total);
}

/**
 * The person's user token, kept beside the Page's at connect. A connection made before it was kept has none:
 * only connecting again gives one.
 */
function userToken(http: GraphHttp, request: PublishRequest): string {
  if (request.account.refreshToken) return request.account.refreshToken;
  const words =
    'Reconnect Facebook to upload Page videos: the upload takes your user token, which this connection lacks';
  throw new PlatformError(http.platform, 'disconnected', `facebook session: ${words}`, {
    step: 'session',
    platformMessage: words,
  });
}

function uploaded(journal: PublishJournal, offset: number, total: number): PublishStepResult {
  return {
    done: false,
    journal: { ...journal, step: 'upload', offset },
    progress: { bytesSent: offset, bytesTotal: total },
  };
}

/** `GET upload:<SID>` → its file_offset; undefined when the failure is not one a look-up can help with. */
/** Facebook's "offset mismatch" refusal of a part (subcode 1363037) carries the offset the session holds. */
function offsetMismatch(body: unknown, total: number): number | undefined {
  const error = (body as { error?: { error_subcode?: unknown; error_data?: { start_offset?: unknown } } } | undefined)
    ?.error;
  if (error?.error_subcode !== 1363037) return undefined;
  const n = Number(error.error_data?.start_offset);
  return Number.isInteger(n) && n >= 0 && n <= total ? n : undefined;
}

async function heldBySession(
  http: GraphHttp,
  request: PublishRequest,
  sessionId: string,
  err: unknown,
): Promise<number | undefined> {
  if (!(err instanceof PlatformError) || !['retryable', 'rejected'].includes(err.kind)) return undefined;
  try {
    const res = await http.request('upload.status', http.graphUrl(sessionId), {
      headers: { authorization: `OAuth ${userToken(http, request)}` },
    });
    const n = Number((res.body as { file_offset?: unknown } | undefined)?.file_offset);
    return Number.isInteger(n) && n >= 0 && n <= request.video.sizeBytes ? n : undefined;
  } catch {
    return undefined;
  }
}
