import type { EmulatorContext, RouteApi } from '../../core/context';
import { json } from '../../core/http';
import { invalidParam, missingParam, unsupportedRequest } from '../meta/graph-errors';
import { FETCH_REFUSED, numericId, ownBlob } from '../meta/graph-ids';
import { accessToken, checkParams, isTrue, readParams } from '../meta/graph-params';
import { authorize, DEFAULT_GRAPH_VERSION, graphRoute, isVersion } from '../meta/graph-routes';
import { receiveRupload, ruploadError, ruploadFaultEnvelopes } from '../meta/rupload';
import { igAccount, IG_LIMITS, isIgUser } from './ig-account';
import { IG_CALLS } from './ig-calls';
import { MEDIA_PARAMS } from './ig-params';
import { readCollaborators } from './ig-collaborators';
import { containers, igMedia, type Container, type IgMediaType } from './ig-store';
import { withRequestFault } from '../../core/request-faults';

const PUBLISH_SCOPE = IG_CALLS.publish;

/**
 * Step 1 and 2 of Reels publishing: the media container (`POST /<ig-user-id>/media`) and the resumable upload of
 * its bytes to rupload.facebook.com (`/ig-api-upload/<ver>/<container>`).
 */
export function registerContainers(api: RouteApi, ctx: EmulatorContext) {
  graphRoute(api, 'POST', 'graph.instagram.com', '/:user/media', 'container', async (req) => {
    const p = await readParams(req);
    const auth = authorize(ctx, 'instagram', accessToken(req, p), PUBLISH_SCOPE);
    if (!auth.ok) return auth.response;
    const account = igAccount(auth.token.accountId);
    if (!account || !isIgUser(req.params.user, account)) return unsupportedRequest('POST', req.params.user!);
    const bad = checkParams(p, MEDIA_PARAMS);
    if (bad) return bad;

    const mediaType = p.get('media_type') as IgMediaType | undefined;
    if (!mediaType)
      return p.get('image_url')
        ? invalidParam('Image posts are not emulated: use media_type REELS, STORIES or VIDEO')
        : missingParam('image_url');
    if (isTrue(p.get('is_carousel_item')) || p.get('children'))
      return invalidParam('Carousel containers are not emulated: post a single video');
    const resumable = p.get('upload_type') === 'resumable';
    const videoUrl = p.get('video_url');
    if (resumable && videoUrl) return invalidParam('video_url cannot be combined with upload_type=resumable');
    if (!resumable && !videoUrl) return missingParam('video_url');
    const caption = p.get('caption') ?? '';
    const captionProblem = checkCaption(caption);
    if (captionProblem) return invalidParam(captionProblem);
    const thumbOffset = p.get('thumb_offset');
    if (thumbOffset !== undefined && !/^\d+$/.test(thumbOffset))
      return invalidParam('Param thumb_offset must be a whole number of milliseconds');

    const collaborators = readCollaborators(p.get('collaborators'));
    if (typeof collaborators === 'string') return invalidParam(collaborators);

    const id = numericId((x) => !!containers(ctx).get(x) || !!igMedia(ctx).get(x), '17');
    const container: Container = {
      id,
      igUserId: account.userId,
      mediaType,
      caption,
      shareToFeed: p.get('share_to_feed') === undefined ? true : isTrue(p.get('share_to_feed')),
      ...(collaborators.length ? { collaborators } : {}),
      resumable,
      videoUrl,
      ...(thumbOffset !== undefined ? { thumbOffset: Number(thumbOffset) } : {}),
      ...(p.get('cover_url') !== undefined ? { coverUrl: p.get('cover_url') } : {}),
      blobId: `ig-container-${id}`,
      createdAt: ctx.now(),
      processing: { polls: 0 },
    };
    if (videoUrl) {
      // The one URL a sandbox can download is its own media; anything else fails as an unreachable URL does.
      const source = ownBlob(ctx, videoUrl);
      if (source) {
        container.fileSize = ctx.store.copyBlob(source, container.blobId);
        container.processing.completedAt = ctx.now();
      } else {
        container.processing.outcome = 'error';
        container.processing.error = `Media download has failed. ${FETCH_REFUSED} (error code 2207052)`;
      }
    }
    containers(ctx).set(id, container);
    if (!resumable) return json(200, { id });
    const version = req.params.ver ? `v${req.params.ver}` : DEFAULT_GRAPH_VERSION;
    return json(200, { id, uri: ctx.apiUrl('rupload.facebook.com', `/ig-api-upload/${version}/${id}`) });
  });

  const envelopes = ruploadFaultEnvelopes;
  api.route('POST', 'rupload.facebook.com', '/ig-api-upload/v:ver/:container', 'rupload', (req) =>
    withRequestFault(ctx, 'instagram', 'upload', envelopes, req, async () => {
      const c = isVersion(req.params.ver) ? containers(ctx).get(req.params.container!) : undefined;
      if (!c || !c.resumable)
        return ruploadError(404, 'NotFoundError', 'There is no resumable upload for this media container.');
      if (c.mediaId || ctx.now() >= c.createdAt + IG_LIMITS.containerLifetimeMs)
        return ruploadError(400, 'ProcessingFailedError', 'This media container no longer accepts uploads.');
      const received = await receiveRupload(ctx, req, {
        platform: 'instagram',
        blobId: c.blobId,
        fileSize: c.fileSize,
        maxBytes: IG_LIMITS.maxVideoBytes,
        owns: (t) => t.accountId === c.igUserId && t.scopes.includes(PUBLISH_SCOPE),
      });
      if (!received.ok) return received.response;
      containers(ctx).update(c.id, (x) => {
        x.fileSize = received.result.fileSize;
        if (received.result.complete) x.processing.completedAt ??= ctx.now();
      });
      return json(200, { success: true, message: 'Upload successful.' });
    }),
  );
}

function checkCaption(caption: string): string | undefined {
  if (caption.length > IG_LIMITS.captionChars) return `The caption is longer than ${IG_LIMITS.captionChars} characters`;
  if ((caption.match(/#[\p{L}\p{N}_]+/gu) ?? []).length > IG_LIMITS.captionHashtags)
    return `The caption has more than ${IG_LIMITS.captionHashtags} hashtags`;
  if ((caption.match(/@[\w.]+/g) ?? []).length > IG_LIMITS.captionMentions)
    return `The caption mentions more than ${IG_LIMITS.captionMentions} accounts`;
  return undefined;
}
