import type { EmulatorContext, RouteApi } from '../../core/context';
import { json } from '../../core/http';
import { errorPage, postPage } from '../../core/pages';
import { grownMetrics } from '../../core/published';
import { graphError, invalidParam, missingParam, unsupportedRequest } from '../meta/graph-errors';
import { graphTime, numericId, shortcode } from '../meta/graph-ids';
import { accessToken, checkParams, readParams } from '../meta/graph-params';
import { authorize, graphRoute } from '../meta/graph-routes';
import { igAccount, IG_LIMITS, isIgUser } from './ig-account';
import { IG_CALLS } from './ig-calls';
import { MEDIA_PUBLISH_PARAMS } from './ig-params';
import { containerStatus, containers, igMedia, publishedInWindow, type Container, type IgMedia } from './ig-store';

/**
 * The create step, `POST /<ig-user-id>/media_publish?creation_id=<container>`: the one request that makes a post.
 * A container publishes once, when FINISHED, within the account's publishing limit.
 */
export function registerPublish(api: RouteApi, ctx: EmulatorContext) {
  graphRoute(api, 'POST', 'graph.instagram.com', '/:user/media_publish', 'create', async (req) => {
    const p = await readParams(req);
    const auth = authorize(ctx, 'instagram', accessToken(req, p), IG_CALLS.publish);
    if (!auth.ok) return auth.response;
    const account = igAccount(auth.token.accountId);
    if (!account || !isIgUser(req.params.user, account)) return unsupportedRequest('POST', req.params.user!);
    const bad = checkParams(p, MEDIA_PUBLISH_PARAMS);
    if (bad) return bad;
    const creationId = p.get('creation_id');
    if (!creationId) return missingParam('creation_id');
    const container = containers(ctx).get(creationId);
    if (!container) return invalidParam(`Param creation_id ${creationId} is not a media container of this account`);
    // Another account's container is an object this token cannot load (Graph API "Handling Errors": code 100,
    // subcode 33), as its status is.
    if (container.igUserId !== account.userId) return unsupportedRequest('POST', creationId);

    const status = containerStatus(ctx, container.id, false);
    if (status.code === 'PUBLISHED')
      return graphError({
        message: `(#100) This media container has already been published (media ${container.mediaId}).`,
        code: 100,
      });
    if (status.code === 'EXPIRED')
      return graphError({
        message: 'The media you are trying to access has expired. Please try again.',
        code: -2,
        subcode: 2207020,
        userTitle: 'Media expired',
        userMsg: 'The media container expired before it was published. Create a new one.',
      });
    if (status.code !== 'FINISHED')
      return graphError({
        message: 'Media ID is not available',
        code: 9007,
        subcode: 2207027,
        userTitle: 'Media not ready for publishing',
        userMsg: `The media is not ready for publishing, please wait for a moment. (${status.text})`,
      });
    if (publishedInWindow(ctx, container.igUserId).length >= IG_LIMITS.publishesPerDay)
      return graphError({
        message: 'Application request limit reached',
        code: 9,
        subcode: 2207042,
        transient: false,
        userTitle: 'Publishing limit reached',
        userMsg: `You have published ${IG_LIMITS.publishesPerDay} posts through the API in the last 24 hours, the most allowed.`,
      });
    const duplicate = ctx.faults.take('instagram', 'create', ['duplicate']);
    if (duplicate)
      return graphError({
        message: 'We restrict certain activity to protect our community.',
        code: 4,
        subcode: 2207051,
        userTitle: 'Action blocked',
        userMsg: duplicate.message ?? 'This post looks like a duplicate of one posted recently.',
      });

    const id = numericId((x) => !!igMedia(ctx).get(x) || !!containers(ctx).get(x), '18');
    const code = shortcode();
    const path = container.mediaType === 'STORIES' ? `/stories/${account.username}/${id}/` : `/reel/${code}/`;
    const media: IgMedia = {
      id,
      igUserId: container.igUserId,
      containerId: container.id,
      mediaType: container.mediaType,
      caption: container.caption,
      shareToFeed: container.shareToFeed,
      shortcode: code,
      permalink: ctx.pageUrl('www.instagram.com', path),
      publishedAt: ctx.now(),
      blobId: container.blobId,
    };
    igMedia(ctx).set(id, media);
    containers(ctx).update(container.id, (c) => (c.mediaId = id));
    ctx.published.record({
      platform: 'instagram',
      id,
      url: media.permalink,
      accountId: media.igUserId,
      title: '',
      caption: media.caption,
      blobId: media.blobId,
      publishedAt: new Date(media.publishedAt).toISOString(),
      ...reelCover(container),
    });
    return json(200, { id });
  });

  const page = (find: (m: IgMedia) => boolean) => () => {
    const media = igMedia(ctx).find(find);
    if (!media) return errorPage(404, 'Page not found', 'Sorry, this page isn’t available.');
    return postPage({
      platformName: 'Instagram',
      accountName: igAccount(media.igUserId)?.username ?? media.igUserId,
      text: media.caption,
      mediaUrl: ctx.mediaUrl(media.blobId),
    });
  };
  api.route('GET', 'www.instagram.com', '/reel/:code', 'post_page', (req) =>
    page((m) => m.shortcode === req.params.code)(),
  );
  api.route('GET', 'www.instagram.com', '/p/:code', 'post_page', (req) =>
    page((m) => m.shortcode === req.params.code)(),
  );
  api.route('GET', 'www.instagram.com', '/stories/:user/:id', 'post_page', (req) =>
    page(
      (m) => m.id === req.params.id && m.mediaType === 'STORIES' && igAccount(m.igUserId)?.username === req.params.user,
    )(),
  );
}

/** A media object's fields as Graph answers them. */
export function mediaValues(ctx: EmulatorContext, m: IgMedia): Record<string, unknown> {
  const grown = grownMetrics(new Date(m.publishedAt).toISOString(), ctx.now(), 1);
  return {
    id: m.id,
    caption: m.caption,
    comments_count: grown.comments,
    ig_id: m.id,
    is_comment_enabled: true,
    is_shared_to_feed: m.mediaType === 'STORIES' ? false : m.shareToFeed,
    like_count: grown.likes,
    media_product_type: m.mediaType === 'STORIES' ? 'STORY' : 'REELS',
    media_type: 'VIDEO',
    media_url: ctx.mediaUrl(m.blobId),
    owner: { id: m.igUserId },
    permalink: m.permalink,
    shortcode: m.shortcode,
    thumbnail_url: ctx.avatarUrl('instagram', m.id),
    timestamp: graphTime(m.publishedAt),
    username: igAccount(m.igUserId)?.username,
    view_count: grown.views,
  };
}

/**
 * The cover the Reel was given. cover_url is recorded as the address Meta would fetch: the emulator fetches
 * nothing outside itself (as with video_url), so the image's bytes are not read here.
 */
function reelCover(container: Container) {
  if (container.coverUrl !== undefined) return { cover: { imageUrl: container.coverUrl } };
  if (container.thumbOffset !== undefined) return { cover: { frameMs: container.thumbOffset } };
  return {};
}
