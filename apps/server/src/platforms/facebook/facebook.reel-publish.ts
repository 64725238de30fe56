import type { PublishJournal, PublishRequest, PublishStepResult } from '../platform-adapter';
import { PlatformError } from '../platform-error';
import { journalFields } from '../journal-fields';
import type { GraphHttp } from '../meta/graph-http';
import { ruploadPart } from '../meta/rupload';
import { pageId, reelUrl } from './facebook.urls';
import { facebookTitle } from './facebook.options';

const POLL_MS = 3000;

/** A Page reel: start → rupload parts → status polls → finish with video_state=PUBLISHED (the create). */
export async function pageReelStep(
  http: GraphHttp,
  request: PublishRequest,
  journal: PublishJournal | null,
): Promise<PublishStepResult> {
  const token = request.account.accessToken;
  const total = request.video.sizeBytes;
  if (!journal) {
    const answer = await http.graph<{ video_id?: string | number; upload_url?: string }>(
      'init',
      `${pageId(request)}/video_reels`,
      token,
      { form: { upload_phase: 'start' } },
    );
    if (answer.video_id === undefined || answer.video_id === null || typeof answer.upload_url !== 'string')
      throw http.unrecognized('init', undefined, 'a reel start without video_id or upload_url');
    return {
      done: false,
      journal: {
        step: 'upload',
        kind: 'reel',
        videoId: String(answer.video_id),
        uploadUrl: answer.upload_url,
        offset: 0,
      },
      progress: { bytesSent: 0, bytesTotal: total },
    };
  }
  const f = journalFields(http.platform, journal);
  switch (journal.step) {
    case 'upload': {
      const { offset } = await ruploadPart(http, 'upload', {
        uri: f.str('uploadUrl'),
        token,
        video: request.video,
        offset: f.num('offset'),
      });
      return {
        done: false,
        journal: { ...journal, step: offset >= total ? 'processing' : 'upload', offset },
        progress: { bytesSent: offset, bytesTotal: total },
      };
    }
    case 'processing':
      return pollReel(http, token, journal, f.str('videoId'));
    case 'create': {
      const videoId = f.str('videoId');
      const answer = await http.graph<{ success?: boolean }>('create', `${pageId(request)}/video_reels`, token, {
        form: {
          upload_phase: 'finish',
          video_id: videoId,
          video_state: 'PUBLISHED',
          description: request.post.caption,
          // A Reel has no title unless one is chosen for Facebook (the Graph API's /video_reels takes one).
          title: facebookTitle(request),
        },
      });
      if (answer.success !== true) throw http.unrecognized('create', undefined, 'a finish answer without success');
      return {
        done: true,
        journal: { ...journal, step: 'created' },
        post: { platformPostId: videoId, url: reelUrl(http, videoId) },
      };
    }
    default:
      throw http.unrecognized(journal.step, undefined, `an unknown saved step '${journal.step}'`);
  }
}

export interface ReelStatus {
  video_status?: string;
  uploading_phase?: Phase;
  processing_phase?: Phase;
  publishing_phase?: Phase;
}
interface Phase {
  status?: string;
  errors?: { code?: number; message?: string }[];
}

export async function reelStatus(http: GraphHttp, token: string, videoId: string, fields = 'status') {
  return http.graph<{ status?: ReelStatus; permalink_url?: string }>('status', videoId, token, { query: { fields } });
}

/** Finish once the bytes are all in and processing has not failed (nor is under way, where it runs first). */
async function pollReel(
  http: GraphHttp,
  token: string,
  journal: PublishJournal,
  videoId: string,
): Promise<PublishStepResult> {
  const { status } = await reelStatus(http, token, videoId);
  if (!status) throw http.unrecognized('status', undefined, 'a video without status');
  const failure = reelFailure(status);
  if (failure)
    throw new PlatformError(http.platform, 'rejected', `facebook processing: ${failure}`, {
      step: 'processing',
      platformCode: status.video_status,
      platformMessage: failure,
    });
  const uploaded = status.uploading_phase?.status === 'complete' || status.video_status === 'ready';
  const processing = status.processing_phase?.status === 'in_progress';
  if (!uploaded || processing) return { done: false, journal, waitMs: POLL_MS };
  return { done: false, journal: { ...journal, step: 'create', createStartedAt: new Date().toISOString() } };
}

/** The platform's own words when a phase failed; undefined while all is well. */
export function reelFailure(status: ReelStatus): string | undefined {
  const phases = [status.uploading_phase, status.processing_phase, status.publishing_phase];
  const failed = phases.find((p) => p?.status === 'error');
  if (!failed && status.video_status !== 'error' && status.video_status !== 'expired') return undefined;
  return failed?.errors?.[0]?.message ?? `The video's status is ${status.video_status ?? 'error'}.`;
}
