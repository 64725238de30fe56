import type { EmulatorContext, RouteApi } from '../../core/context';
import { json } from '../../core/http';
import { processingFault } from '../../core/processing-faults';
import { findSubreddit, LIMITS, redditorOf } from './accounts';
import { SANDBOX_COMMUNITIES } from './communities';
import { linkFlairs, requirementsOf } from './community-rules';
import { apiRoute, jsonErrors, type RateCounter } from './envelopes';
import { assetForUrl, websocketUrl } from './media';
import { FAILED_PROCESSING, goLive, newPostId, posts, type Post } from './posts';

const KINDS = ['video', 'videogif'];

/**
 * `POST /api/submit` of a hosted video: the media URL and its poster must be uploaded assets of this
 * account. Refusals come back as HTTP 200 with `json.errors`, all of them at once, as Reddit does.
 */
export function registerSubmit(api: RouteApi, ctx: EmulatorContext, counter: RateCounter) {
  apiRoute(
    api,
    ctx,
    counter,
    { method: 'POST', path: '/api/submit', step: 'submit', scope: 'submit' },
    async (req, token) => {
      const form = await req.form();
      const errors: [string, string, string][] = [];
      const kind = form.get('kind') ?? '';
      if (!KINDS.includes(kind))
        errors.push(['INVALID_OPTION', 'that option is not valid; this sandbox takes kind=video or videogif', 'kind']);

      const srName = form.get('sr') ?? '';
      const me = redditorOf(token.accountId);
      const sr = srName ? findSubreddit(srName, me) : undefined;
      if (!srName) errors.push(['SUBREDDIT_REQUIRED', 'you must specify a subreddit', 'sr']);
      else if (!sr) errors.push(['SUBREDDIT_NOEXIST', `that community doesn't exist; ${SANDBOX_COMMUNITIES}`, 'sr']);

      const title = form.get('title') ?? '';
      if (!title.trim()) errors.push(['NO_TEXT', 'we need something here', 'title']);
      else if ([...title].length > LIMITS.titleMax)
        errors.push(['TOO_LONG', `this is too long (max: ${LIMITS.titleMax})`, 'title']);

      const url = form.get('url') ?? '';
      const video = url ? assetForUrl(ctx, url, 'video') : undefined;
      if (!url) errors.push(['NO_URL', 'a url is required', 'url']);
      else if (!video || video.accountId !== token.accountId)
        errors.push(['BAD_URL', 'you should check that url: no uploaded video there', 'url']);

      const posterUrl = form.get('video_poster_url') ?? '';
      const poster = posterUrl ? assetForUrl(ctx, posterUrl, 'image') : undefined;
      if (!posterUrl) errors.push(['NO_URL', 'a video poster is required', 'video_poster_url']);
      else if (!poster)
        errors.push(['BAD_URL', 'you should check that url: no uploaded image there', 'video_poster_url']);

      // A community that requires flair refuses a post without one, as Reddit answers it; a flair_id must be
      // one of the community's link flair templates.
      const flairId = form.get('flair_id') ?? '';
      const flair = sr && flairId ? linkFlairs(ctx, sr).find((t) => t.id === flairId) : undefined;
      if (sr && !flairId && requirementsOf(sr).is_flair_required)
        errors.push(['SUBMIT_VALIDATION_FLAIR_REQUIRED', 'Your post must contain post flair.', 'flair']);
      else if (sr && flairId && !flair)
        errors.push(['BAD_FLAIR_TEMPLATE_ID', 'That flair template is not one of this community’s.', 'flair']);

      const sendReplies = form.get('sendreplies');
      if (sendReplies !== null && sendReplies !== 'true' && sendReplies !== 'false')
        errors.push(['INVALID_OPTION', 'that option is not valid: sendreplies is a boolean', 'sendreplies']);

      if (errors.length) return jsonErrors(errors);

      const resubmit = form.get('resubmit') === 'true';
      const again = posts(ctx).find((p) => p.url === url && p.sr === sr && p.state !== 'failed');
      if (ctx.faults.take('reddit', 'submit', ['duplicate']) || (again && !resubmit))
        return jsonErrors([['ALREADY_SUB', 'that link has already been submitted', 'url']]);

      const post: Post = {
        id: newPostId(),
        accountId: token.accountId,
        sr: sr!,
        title,
        url,
        posterUrl,
        posterBlobId: poster!.blobId,
        assetId: video!.assetId,
        blobId: video!.blobId,
        nsfw: form.get('nsfw') === 'true',
        spoiler: form.get('spoiler') === 'true',
        sendReplies: form.get('sendreplies') !== 'false',
        ...(flair ? { flairText: flair.text } : {}),
        createdAt: ctx.now(),
        state: 'processing',
      };
      // Processing starts here: the processing faults are read at this step (core/processing-faults.ts).
      const fault = processingFault(ctx, 'reddit', 'submit', post.id, { blobId: post.blobId, surface: 'reddit' });
      if (fault.state === 'failed') {
        post.state = 'failed';
        post.failReason = fault.message ?? FAILED_PROCESSING;
      }
      posts(ctx).set(post.id, post);
      if (fault.state === 'free') goLive(ctx, post);

      return json(200, {
        json: {
          errors: [],
          data: {
            user_submitted_page: ctx.pageUrl('www.reddit.com', `/user/${me.name}/submitted/`),
            websocket_url: websocketUrl(ctx, video!),
          },
        },
      });
    },
  );
}
