import type { PublishJournal, PublishRequest, PublishStepResult } from '../platform-adapter';
import { PlatformError } from '../platform-error';
import { journalFields } from '../journal-fields';
import { multipartBody } from '../multipart-body';
import { bearer, X_API, type XHttp } from './x.http';
import { captionsErrorOf, nextCaptionsStep, type CaptionsJournal } from '../captions-journal';
import { sendXSubtitles } from './x.captions';

/** X's largest append segment. */
export const X_SEGMENT_BYTES = 5 * 1024 * 1024;
const DEFAULT_CHECK_AFTER_S = 1;

interface MediaAnswer {
  data?: {
    id?: string;
    media_key?: string;
    processing_info?: { state?: string; check_after_secs?: number; error?: { name?: string; message?: string } };
  };
}

/**
 * initialize → append (one ≤ 5 MB segment per step) → finalize → STATUS polls (check_after_secs) →
 * POST /2/tweets (the create).
 */
export async function xPublishStep(
  http: XHttp,
  request: PublishRequest,
  journal: PublishJournal | null,
): Promise<PublishStepResult> {
  const auth = bearer(request.account.accessToken);
  const total = request.video.sizeBytes;
  if (!journal) {
    // amplify_video: the category X's media page gives the API's 512 MB video limit for, as its quickstart uses.
    const answer = await http.json<MediaAnswer>('initialize', `${X_API}/media/upload/initialize`, {
      headers: auth,
      json: { media_type: request.video.mimeType, total_bytes: total, media_category: 'amplify_video' },
    });
    if (!answer.data?.id) throw http.unrecognized('initialize', undefined, 'an upload without id');
    return {
      done: false,
      journal: {
        step: 'append',
        mediaId: answer.data.id,
        mediaKey: answer.data.media_key ?? null,
        segment: 0,
        offset: 0,
      },
      progress: { bytesSent: 0, bytesTotal: total },
    };
  }
  const f = journalFields(http.platform, journal);
  const mediaId = f.str('mediaId');
  switch (journal.step) {
    case 'append':
      return append(http, request, journal, mediaId, f.num('segment'), f.num('offset'));
    case 'finalize': {
      const answer = await http.json<MediaAnswer>('finalize', `${X_API}/media/upload/${mediaId}/finalize`, {
        method: 'POST',
        headers: auth,
      });
      return toSubtitles(request, afterProcessing(http, journal, answer, 'finalize'));
    }
    case 'status': {
      const answer = await http.json<MediaAnswer>('status', `${X_API}/media/upload`, {
        headers: auth,
        query: { command: 'STATUS', media_id: mediaId },
      });
      return toSubtitles(request, afterProcessing(http, journal, answer, 'status'));
    }
    case 'captions':
      return toSubtitles(request, {
        done: false,
        journal: { ...(await sendXSubtitles(http, request, mediaId, journal)), step: 'create' },
      });
    case 'create':
      return createPost(http, request, journal, mediaId);
    default:
      throw http.unrecognized(journal.step, undefined, `an unknown saved step '${journal.step}'`);
  }
}

async function append(
  http: XHttp,
  request: PublishRequest,
  journal: PublishJournal,
  mediaId: string,
  segment: number,
  offset: number,
): Promise<PublishStepResult> {
  const total = request.video.sizeBytes;
  const end = Math.min(offset + X_SEGMENT_BYTES, total) - 1;
  const form = multipartBody(
    { segment_index: String(segment) },
    {
      field: 'media',
      filename: request.video.filename,
      contentType: request.video.mimeType,
      length: end - offset + 1,
      stream: request.video.read({ start: offset, end }),
    },
  );
  await http.request('append', `${X_API}/media/upload/${mediaId}/append`, {
    method: 'POST',
    headers: {
      ...bearer(request.account.accessToken),
      'content-type': form.contentType,
      'content-length': String(form.contentLength),
    },
    body: form.body,
  });
  const next = end + 1;
  return {
    done: false,
    journal: { ...journal, step: next >= total ? 'finalize' : 'append', segment: segment + 1, offset: next },
    progress: { bytesSent: next, bytesTotal: total },
  };
}

function afterProcessing(http: XHttp, journal: PublishJournal, answer: MediaAnswer, step: string): PublishStepResult {
  if (!answer.data?.id) throw http.unrecognized(step, undefined, 'a media answer without id');
  const withKey = { ...journal, mediaKey: answer.data.media_key ?? journal.mediaKey ?? null };
  const info = answer.data.processing_info;
  switch (info?.state ?? 'succeeded') {
    case 'succeeded':
      return { done: false, journal: { ...withKey, step: 'create', createStartedAt: new Date().toISOString() } };
    case 'pending':
    case 'in_progress':
      return {
        done: false,
        journal: { ...withKey, step: 'status' },
        waitMs: Math.max(0, info?.check_after_secs ?? DEFAULT_CHECK_AFTER_S) * 1000,
      };
    case 'failed': {
      const reason = info?.error?.message || info?.error?.name || 'X could not process the video.';
      throw new PlatformError(http.platform, 'rejected', `x processing: ${reason}`, {
        step,
        platformCode: info?.error?.name,
        platformMessage: reason,
      });
    }
    default:
      throw http.unrecognized(step, undefined, `an unknown processing state '${String(info?.state)}'`);
  }
}

/**
 * Once the video is processed, its caption tracks go onto its media, one step each, before the post (X attaches
 * subtitles to the media, not to the post); then the create, its start time taken when it is reached.
 */
async function toSubtitles(request: PublishRequest, result: PublishStepResult): Promise<PublishStepResult> {
  if (result.done || result.journal.step !== 'create') return result;
  const next = await nextCaptionsStep(request, result.journal);
  return next
    ? { done: false, journal: next }
    : { done: false, journal: { ...result.journal, createStartedAt: new Date().toISOString() } };
}

async function createPost(
  http: XHttp,
  request: PublishRequest,
  journal: PublishJournal,
  mediaId: string,
): Promise<PublishStepResult> {
  const replySettings = request.post.options.replySettings;
  const answer = await http.json<{ data?: { id?: string } }>('create', `${X_API}/tweets`, {
    headers: bearer(request.account.accessToken),
    json: {
      text: request.post.caption,
      media: { media_ids: [mediaId] },
      ...(typeof replySettings === 'string' && replySettings ? { reply_settings: replySettings } : {}),
    },
  });
  const id = answer.data?.id;
  if (!id) throw http.unrecognized('create', undefined, 'a post without id');
  const captionsError = captionsErrorOf(journal as CaptionsJournal);
  return {
    done: true,
    journal: { ...journal, step: 'created', postId: id },
    post: {
      platformPostId: id,
      url: xPostUrl(http, request.account.extra.username, id),
      ...(captionsError ? { captionsError } : {}),
    },
  };
}

export function xPostUrl(http: XHttp, username: string | undefined, id: string): string {
  // x.com/i/status/<id> opens any post when the name is not known.
  return http.browserUrl(`https://x.com/${username ?? 'i'}/status/${id}`);
}
