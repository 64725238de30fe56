import type { PublishJournal, PublishRequest, PublishStepResult } from '../platform-adapter';
import { PlatformError } from '../platform-error';
import { journalFields } from '../journal-fields';
import type { GraphHttp } from '../meta/graph-http';
import { ruploadPart } from '../meta/rupload';
import { instagramCoverFields } from './instagram.cover';

/** How often a container's processing is asked about. */
const POLL_MS = 3000;

/**
 * Reels through a resumable container: container → rupload parts → status_code polls → media_publish
 * (the create) → permalink. One state-changing request per step; every id is in the journal the step it
 * is learnt.
 */
export async function instagramPublishStep(
  http: GraphHttp,
  request: PublishRequest,
  journal: PublishJournal | null,
): Promise<PublishStepResult> {
  if (!journal) return createContainer(http, request);
  const f = journalFields(http.platform, journal);
  const token = request.account.accessToken;
  const total = request.video.sizeBytes;
  switch (journal.step) {
    case 'upload': {
      const { offset } = await ruploadPart(http, 'upload', {
        uri: f.str('uploadUri'),
        token,
        video: request.video,
        offset: f.num('offset'),
      });
      const next: PublishJournal =
        offset >= total ? { ...journal, step: 'processing', offset } : { ...journal, step: 'upload', offset };
      return { done: false, journal: next, progress: { bytesSent: offset, bytesTotal: total } };
    }
    case 'processing':
      return pollContainer(http, token, journal, f.str('containerId'));
    case 'create': {
      const answer = await http.graph<{ id?: string | number }>('create', `${igUserId(request)}/media_publish`, token, {
        method: 'POST',
        query: { creation_id: f.str('containerId') },
      });
      if (answer.id === undefined || answer.id === null) throw http.unrecognized('create', undefined, 'no media id');
      return { done: false, journal: { ...journal, step: 'permalink', mediaId: String(answer.id) } };
    }
    case 'permalink': {
      const mediaId = f.str('mediaId');
      return { done: true, journal, post: { platformPostId: mediaId, url: await permalink(http, token, mediaId) } };
    }
    default:
      throw http.unrecognized(journal.step, undefined, `an unknown saved step '${journal.step}'`);
  }
}

async function createContainer(http: GraphHttp, request: PublishRequest): Promise<PublishStepResult> {
  const options = request.post.options as { shareToFeed?: boolean; collaborators?: string[] };
  const answer = await http.graph<{ id?: string | number; uri?: string }>(
    'container',
    `${igUserId(request)}/media`,
    request.account.accessToken,
    {
      form: {
        media_type: 'REELS',
        upload_type: 'resumable',
        caption: request.post.caption,
        share_to_feed: options.shareToFeed ?? true,
        ...instagramCoverFields(request),
        // A list<string> param: the Graph API reads it as a JSON array.
        collaborators: options.collaborators?.length ? JSON.stringify(options.collaborators) : undefined,
      },
    },
  );
  if (answer.id === undefined || answer.id === null || typeof answer.uri !== 'string')
    throw http.unrecognized('container', undefined, 'a container without id or uri');
  return {
    done: false,
    journal: { step: 'upload', containerId: String(answer.id), uploadUri: answer.uri, offset: 0 },
    progress: { bytesSent: 0, bytesTotal: request.video.sizeBytes },
  };
}

async function pollContainer(
  http: GraphHttp,
  token: string,
  journal: PublishJournal,
  containerId: string,
): Promise<PublishStepResult> {
  const c = await containerStatus(http, token, containerId);
  switch (c.status_code) {
    case 'FINISHED':
    case 'PUBLISHED':
      // When the create began: the media list look-up only considers posts made since.
      return { done: false, journal: { ...journal, step: 'create', createStartedAt: new Date().toISOString() } };
    case 'IN_PROGRESS':
      return { done: false, journal, waitMs: POLL_MS };
    case 'ERROR':
    case 'EXPIRED': {
      const reason =
        c.status ||
        (c.status_code === 'EXPIRED' ? 'The container expired before it was published.' : 'Processing failed.');
      throw new PlatformError(http.platform, 'rejected', `instagram processing: ${reason}`, {
        step: 'processing',
        platformCode: c.status_code,
        platformMessage: reason,
      });
    }
    default:
      throw http.unrecognized('processing', undefined, `an unknown status_code '${String(c.status_code)}'`);
  }
}

export async function containerStatus(http: GraphHttp, token: string, containerId: string) {
  return http.graph<{ status_code?: string; status?: string }>('status', containerId, token, {
    query: { fields: 'status_code,status' },
  });
}

export async function permalink(http: GraphHttp, token: string, mediaId: string): Promise<string> {
  const media = await http.graph<{ permalink?: string }>('permalink', mediaId, token, {
    query: { fields: 'permalink' },
  });
  if (typeof media.permalink !== 'string') throw http.unrecognized('permalink', undefined, 'a media without permalink');
  return media.permalink;
}

export function igUserId(request: PublishRequest): string {
  return request.account.extra.igUserId ?? request.account.accountId;
}
