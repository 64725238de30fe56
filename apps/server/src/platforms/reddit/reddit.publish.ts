import type { PublishedPost, PublishJournal, PublishRequest, PublishStepResult } from '../platform-adapter';
import { answerOf, listingPosts, postIdFromUrl, type RedditApi } from './reddit.api';
import { checkCommunityRequirements, submitTitle } from './reddit.community';
import { REDDIT_API } from './reddit.oauth';
import { leaseUpload, uploadToLease, type Lease } from './reddit.upload';
import { awaitSubmitResult } from './reddit.websocket';
import { redditPoster } from './reddit.cover';

/** After a wait on the websocket that brought nothing, look the post up this many times before giving up. */
const MAX_RESULT_ROUNDS = 10;
const RESULT_RETRY_MS = 5_000;

type Journal = PublishJournal & {
  videoLease?: Lease;
  posterLease?: Lease;
  videoUrl?: string;
  posterUrl?: string;
  websocketUrl?: string;
  rounds?: number;
};

/**
 * Reddit video post (as PRAW does it): lease → S3 upload of the video, the same for the poster image,
 * submit kind=video (the create), then the result from the submission's websocket.
 */
export async function redditPublishStep(
  api: RedditApi,
  request: PublishRequest,
  journal: PublishJournal | null,
): Promise<PublishStepResult> {
  const poster = redditPoster(request);
  if (!poster) throw api.error('rejected', 'publish', 'Reddit needs a poster image');
  const token = request.account.accessToken;
  const j = (journal ?? { step: 'lease-video' }) as Journal;
  const size = request.video.sizeBytes;
  const progress = (sent: number) => ({ bytesSent: sent, bytesTotal: size });
  switch (j.step) {
    case 'lease-video': {
      await checkCommunityRequirements(api, request);
      const videoLease = await leaseUpload(api, 'lease', token, request.video);
      return { done: false, journal: { step: 'upload-video', videoLease }, progress: progress(0) };
    }
    case 'upload-video': {
      const videoUrl = await uploadToLease(api, 'upload', need(api, j.videoLease), request.video);
      return { done: false, journal: { step: 'lease-poster', videoUrl }, progress: progress(size) };
    }
    case 'lease-poster': {
      const posterLease = await leaseUpload(api, 'lease', token, poster);
      return { done: false, journal: { ...j, step: 'upload-poster', posterLease }, progress: progress(size) };
    }
    case 'upload-poster': {
      const posterUrl = await uploadToLease(api, 'upload', need(api, j.posterLease), poster);
      const next = {
        step: 'create',
        videoUrl: need(api, j.videoUrl),
        posterUrl,
        createStartedAt: new Date().toISOString(),
      };
      return { done: false, journal: next, progress: progress(size) };
    }
    case 'create':
      return submit(api, request, j);
    case 'result':
      return awaitResult(api, request, j);
  }
  throw api.error('rejected', 'publish', `unknown publish step "${j.step}"`);
}

function need<T>(api: RedditApi, value: T | undefined): T {
  if (value === undefined) throw api.error('rejected', 'publish', 'the saved publish state is incomplete');
  return value;
}

async function submit(api: RedditApi, request: PublishRequest, j: Journal): Promise<PublishStepResult> {
  const o = request.post.options;
  const username = request.account.extra.username ?? request.account.accountName;
  const data = await api.call<{ json?: { data?: { websocket_url?: unknown } } }>(
    'create',
    `${REDDIT_API}/api/submit`,
    request.account.accessToken,
    {
      form: {
        api_type: 'json',
        sr: typeof o.subreddit === 'string' && o.subreddit ? o.subreddit.replace(/^\/?r\//, '') : `u_${username}`,
        title: submitTitle(request),
        kind: 'video',
        url: need(api, j.videoUrl),
        video_poster_url: need(api, j.posterUrl),
        nsfw: o.nsfw === true,
        spoiler: o.spoiler === true,
        // Reply notifications stay on unless turned off, as on Reddit's own form.
        sendreplies: o.sendReplies !== false,
        flair_id: typeof o.flairId === 'string' && o.flairId ? o.flairId : undefined,
      },
    },
  );
  const websocketUrl = data.json?.data?.websocket_url;
  if (typeof websocketUrl !== 'string')
    throw api.error('retryable', 'create', 'reddit create: the answer had no websocket_url', { outcomeUnknown: true });
  const size = request.video.sizeBytes;
  const journal = { ...j, step: 'result', websocketUrl, rounds: 0 };
  return { done: false, journal, progress: { bytesSent: size, bytesTotal: size } };
}

async function awaitResult(api: RedditApi, request: PublishRequest, j: Journal): Promise<PublishStepResult> {
  const result = await awaitSubmitResult(need(api, j.websocketUrl), {
    userAgent: api.userAgent,
    waitMs: api.timeoutMs,
  });
  if (result.kind === 'success') {
    const id = postIdFromUrl(result.redirect);
    if (!id) throw api.unrecognized('result', undefined, `a post address without an id (${result.redirect})`);
    const post = { platformPostId: id, url: result.redirect };
    return { done: true, journal: { ...j, step: 'done', platformPostId: id }, post };
  }
  if (result.kind === 'failed')
    throw api.error('rejected', 'result', `Reddit did not publish the video: ${result.message}`, {
      platformMessage: result.message,
    });
  // The message may have gone out before the socket opened: the profile's list of posts is the answer then.
  const found = await findRedditPost(api, request, j);
  if (found) return { done: true, journal: { ...j, step: 'done', platformPostId: found.platformPostId }, post: found };
  const rounds = (j.rounds ?? 0) + 1;
  if (rounds >= MAX_RESULT_ROUNDS) {
    // Reddit took the submission: it may yet appear. Not a refusal, so not a failure the person would retry.
    throw api.error('retryable', 'result', 'Reddit never reported how the submission ended', { createSent: true });
  }
  return { done: false, journal: { ...j, rounds }, waitMs: RESULT_RETRY_MS };
}

/** The account's submissions hold the post when one's `url` is the uploaded video's media URL. */
export async function findRedditPost(
  api: RedditApi,
  request: PublishRequest,
  journal: PublishJournal,
): Promise<PublishedPost | null> {
  if (typeof journal.videoUrl !== 'string') return null;
  const username = request.account.extra.username ?? request.account.accountName;
  const body = await api.call<unknown>(
    'lookup',
    `${REDDIT_API}/user/${encodeURIComponent(username)}/submitted`,
    request.account.accessToken,
    { query: { limit: 25, raw_json: 1 } },
  );
  const posts = listingPosts(body);
  if (!posts) throw api.unrecognized('lookup', answerOf(body), 'a listing without children');
  const post = posts.find((p) => p.url === journal.videoUrl);
  if (!post) return null;
  const id = post.id ?? (post.name?.replace(/^t3_/, '') || undefined) ?? postIdFromUrl(post.permalink ?? '');
  if (!id) throw api.unrecognized('lookup', answerOf(post), 'a post without an id');
  return { platformPostId: id, url: postAddress(api, post) };
}

export function postAddress(api: RedditApi, post: { permalink?: string; id?: string }): string {
  const permalink = post.permalink ?? `/comments/${post.id}/`;
  return /^https?:/.test(permalink) ? permalink : api.webUrl(permalink);
}
