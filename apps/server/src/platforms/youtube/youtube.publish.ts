import type { PublishedPost, PublishJournal, PublishRequest, PublishStepResult } from '../platform-adapter';
import { isPlatformError } from '../platform-error';
import { answerOf, getVideo, type YouTubeApi, type YouTubeVideo } from './youtube.api';
import {
  nextYouTubeCaptions,
  sendYouTubeCaption,
  youtubeCaptionsError,
  type CaptionsJournal,
} from './youtube.captions';
import { hasYouTubeCover, setYouTubeThumbnail } from './youtube.cover';
import { addToPlaylist, chosenPlaylists } from './youtube.playlists';
import { youtubeAppliedPrivacy } from './youtube.privacy';
import { queryUpload, sendChunk, startSession, videoResource, type UploadState } from './youtube.upload';

const POLL_MS = 3_000;
const SLOW_POLL_MS = 30_000;
/** A session Google forgot (404/410) is started again, a few times at most. */
const MAX_SESSION_RESTARTS = 2;

type Journal = PublishJournal &
  CaptionsJournal & {
    sessionUrl?: string;
    offset?: number;
    videoId?: string;
    polls?: number;
    restarts?: number;
    coverError?: string;
    playlistIndex?: number;
    playlistErrors?: string[];
  };

/**
 * YouTube resumable upload: session (its URI saved at once) → one chunk per step (the next offset read
 * from the 308's Range) → the video resource → videos.list until processed. No create step: the last
 * chunk makes the video.
 */
export async function youtubePublishStep(
  api: YouTubeApi,
  request: PublishRequest,
  journal: PublishJournal | null,
): Promise<PublishStepResult> {
  const j = (journal ?? { step: 'session' }) as Journal;
  const total = request.video.sizeBytes;
  if (j.step === 'session') {
    const sessionUrl = await startSession(api, request);
    api.knownOffsets.set(sessionUrl, 0);
    const next = { step: 'upload', sessionUrl, offset: 0, restarts: j.restarts ?? 0 };
    return { done: false, journal: next, progress: { bytesSent: 0, bytesTotal: total } };
  }
  if (j.step === 'upload') return upload(api, request, j);
  if (j.step === 'processing') return poll(api, request, j);
  if (j.step === 'cover') return cover(api, request, j);
  if (j.step === 'playlists') return playlists(api, request, j);
  if (j.step === 'captions') return captions(api, request, await sendYouTubeCaption(api, request, j.videoId!, j));
  throw api.rejected('publish', `unknown publish step "${j.step}"`);
}

async function upload(api: YouTubeApi, request: PublishRequest, j: Journal): Promise<PublishStepResult> {
  const sessionUrl = j.sessionUrl!;
  const total = request.video.sizeBytes;
  let state: UploadState;
  try {
    let offset = j.offset ?? 0;
    if (api.knownOffsets.get(sessionUrl) !== offset || offset >= total) {
      const asked = await queryUpload(api, request, sessionUrl);
      if (asked.videoId) return uploaded(j, asked.videoId, total);
      offset = asked.offset;
    }
    // Until the platform answers this chunk, nobody here knows what it holds.
    api.knownOffsets.delete(sessionUrl);
    state = await sendChunk(api, request, sessionUrl, offset);
  } catch (err) {
    const gone = isPlatformError(err) && (err.httpStatus === 404 || err.httpStatus === 410);
    if (!gone || (j.restarts ?? 0) >= MAX_SESSION_RESTARTS) throw err;
    const next = { step: 'session', restarts: (j.restarts ?? 0) + 1 };
    return { done: false, journal: next, progress: { bytesSent: 0, bytesTotal: total } };
  }
  if (state.videoId) {
    api.knownOffsets.delete(sessionUrl);
    return uploaded(j, state.videoId, total);
  }
  api.knownOffsets.set(sessionUrl, state.offset);
  return {
    done: false,
    journal: { ...j, offset: state.offset },
    progress: { bytesSent: state.offset, bytesTotal: total },
  };
}

function uploaded(j: Journal, videoId: string, total: number): PublishStepResult {
  const journal = { step: 'processing', sessionUrl: j.sessionUrl!, offset: total, videoId, polls: 0 };
  return { done: false, journal, progress: { bytesSent: total, bytesTotal: total } };
}

async function poll(api: YouTubeApi, request: PublishRequest, j: Journal): Promise<PublishStepResult> {
  const videoId = j.videoId!;
  const video = await getVideo(api, 'processing', request.account.accessToken, videoId, 'status,processingDetails');
  const status = video?.status?.uploadStatus;
  if (status === 'processed') {
    // The video is live; its custom thumbnail is a step of its own after it (youtube.cover.ts).
    if (hasYouTubeCover(request)) return { done: false, journal: { ...j, step: 'cover' } };
    if (chosenPlaylists(request).length) return { done: false, journal: { ...j, step: 'playlists', playlistIndex: 0 } };
    const next = await nextYouTubeCaptions(request, j);
    if (next) return { done: false, journal: next };
    const post = publishedVideo(api, request, videoId, video);
    return { done: true, journal: { ...j, step: 'done', platformPostId: videoId }, post };
  }
  if (status === 'failed') {
    const reason = video?.status?.failureReason ?? video?.processingDetails?.processingFailureReason ?? 'unknown';
    throw api.rejected('processing', `YouTube could not process the video (${reason})`, {
      platformCode: reason,
      platformMessage: reason,
    });
  }
  if (status === 'rejected') {
    const reason = video?.status?.rejectionReason ?? 'unknown';
    throw api.rejected('processing', `YouTube rejected the video (${reason})`, {
      platformCode: reason,
      platformMessage: reason,
    });
  }
  if (status === 'deleted')
    throw api.rejected('processing', 'The video was deleted on YouTube', { platformCode: 'deleted' });
  // `uploaded` (processing), or not listed yet just after the upload.
  if (status !== undefined && status !== 'uploaded')
    throw api.unrecognized('processing', answerOf(video), `an unknown upload status "${status}"`);
  const polls = (j.polls ?? 0) + 1;
  return { done: false, journal: { ...j, polls }, waitMs: polls > 20 ? SLOW_POLL_MS : POLL_MS };
}

/** thumbnails.set once, then the chosen playlists and the captions, with YouTube's words when it refused. */
async function cover(api: YouTubeApi, request: PublishRequest, j: Journal): Promise<PublishStepResult> {
  const coverError = await setYouTubeThumbnail(api, request, j.videoId!);
  const next = { ...j, ...(coverError ? { coverError } : {}) };
  if (chosenPlaylists(request).length)
    return { done: false, journal: { ...next, step: 'playlists', playlistIndex: 0 } };
  return captions(api, request, next);
}

/** One chosen playlist a step (youtube.playlists.ts); YouTube's refusals are kept to be shown on the post. */
async function playlists(api: YouTubeApi, request: PublishRequest, j: Journal): Promise<PublishStepResult> {
  const ids = chosenPlaylists(request);
  const index = j.playlistIndex ?? 0;
  const refused = await addToPlaylist(api, request, j.videoId!, j);
  const playlistErrors = [...(j.playlistErrors ?? []), ...(refused ? [`${refused} (playlist ${ids[index]})`] : [])];
  const next = { ...j, playlistErrors };
  if (index + 1 < ids.length) return { done: false, journal: { ...next, playlistIndex: index + 1 } };
  return captions(api, request, next);
}

/** The caption tracks, one step each (youtube.captions.ts), then the published video. */
async function captions(api: YouTubeApi, request: PublishRequest, j: Journal): Promise<PublishStepResult> {
  const next = await nextYouTubeCaptions(request, j);
  if (next) return { done: false, journal: next };
  return finished(api, request, j);
}

/** The published video after its steps, with the words of what YouTube refused on the way. */
async function finished(api: YouTubeApi, request: PublishRequest, j: Journal): Promise<PublishStepResult> {
  const videoId = j.videoId!;
  const post = await foundVideo(api, request, videoId);
  const playlistError = j.playlistErrors?.join(' ');
  const captionsError = youtubeCaptionsError(j);
  return {
    done: true,
    journal: { ...j, step: 'done', platformPostId: videoId },
    post: {
      ...post,
      ...(j.coverError ? { coverError: j.coverError } : {}),
      ...(playlistError ? { playlistError } : {}),
      ...(captionsError ? { captionsError } : {}),
    },
  };
}

/** The published video, with the privacy YouTube applied when it is not the one sent (read from `video`). */
function publishedVideo(
  api: YouTubeApi,
  request: PublishRequest,
  videoId: string,
  video: YouTubeVideo | undefined,
): PublishedPost {
  const requested = videoResource(request).status.privacyStatus;
  const appliedPrivacy = youtubeAppliedPrivacy(requested, video?.status?.privacyStatus, api.stages);
  return { platformPostId: videoId, url: api.watchUrl(videoId), ...(appliedPrivacy ? { appliedPrivacy } : {}) };
}

/** A video found after the fact, read once for the privacy YouTube applied. */
async function foundVideo(api: YouTubeApi, request: PublishRequest, videoId: string): Promise<PublishedPost> {
  const video = await getVideo(api, 'lookup', request.account.accessToken, videoId, 'status');
  return publishedVideo(api, request, videoId, video);
}

/** The video of this journal, when its upload completed: from the journal, else by asking the session. */
export async function findYouTubeVideo(
  api: YouTubeApi,
  request: PublishRequest,
  journal: PublishJournal,
): Promise<PublishedPost | null> {
  if (typeof journal.videoId === 'string') return foundVideo(api, request, journal.videoId);
  if (typeof journal.sessionUrl !== 'string') return null;
  const state = await queryUpload(api, request, journal.sessionUrl);
  return state.videoId ? foundVideo(api, request, state.videoId) : null;
}
