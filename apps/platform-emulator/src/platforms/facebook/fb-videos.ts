import type { EmulatorContext, RouteApi } from '../../core/context';
import { json, type EmuRequest } from '../../core/http';
import { errorPage, postPage } from '../../core/pages';
import { processingFault } from '../../core/processing-faults';
import { grownMetrics } from '../../core/published';
import { graphError, invalidParam } from '../meta/graph-errors';
import { FETCH_REFUSED, graphTime, numericId, ownBlob } from '../meta/graph-ids';
import { accessToken, checkParams, isTrue, pickFields, readParams } from '../meta/graph-params';
import { graphRoute } from '../meta/graph-routes';
import { FB_LIMITS, fbPage } from './fb-account';
import { PAGE_VIDEOS_PARAMS, VIDEO_FIELDS } from './fb-params';
import { videoStatus } from './fb-reels';
import { blobOf } from './fb-upload';
import { FB_CALLS } from './fb-calls';
import { handles, pageToken, settlePage, uploads, videos, type FbVideo } from './fb-store';

/**
 * Regular Page videos: the create step `POST /<page-id>/videos` (a finished upload's handle in
 * `fbuploader_video_file_chunk`, or a multipart `source`), the Page's videos newest first (the look-up), and
 * the post pages at `https://www.facebook.com/<page-id>/videos/<id>/` and `/reel/<id>`.
 */
export function registerVideos(api: RouteApi, ctx: EmulatorContext) {
  graphRoute(api, 'POST', 'graph.facebook.com', '/:page/videos', 'create', async (req) => {
    // A `source` file goes to a blob as it arrives (a Page video is up to 2 GB, reference §3).
    const p = await readParams(req, { store: ctx.store, maxBytes: FB_LIMITS.maxVideoBytes });
    const auth = pageToken(ctx, accessToken(req, p), req.params.page, FB_CALLS.pageVideo);
    if (!auth.ok) return auth.response;
    const bad = checkParams(p, PAGE_VIDEOS_PARAMS);
    if (bad) return bad;
    if (p.get('upload_phase'))
      return invalidParam(
        'upload_phase transfers are not emulated: upload with POST /<app-id>/uploads and send the handle',
      );

    let source: { blobId: string; size: number } | undefined;
    const handle = p.get('fbuploader_video_file_chunk');
    const file = p.files.find((f) => f.field === 'source');
    if (handle) {
      const sid = handles(ctx).get(handle)?.sid;
      const session = sid ? uploads(ctx).get(sid) : undefined;
      if (!session || session.accountId !== auth.token.accountId)
        return invalidParam('Param fbuploader_video_file_chunk is not the handle of a finished upload');
      source = { blobId: blobOf(session), size: session.fileLength };
    } else if (file) {
      const blobId = `fb-source-${numericId((x) => !!videos(ctx).get(x))}`;
      // One too large was not kept: its size (all of it counted) is refused below.
      if (!file.tooLarge) ctx.store.moveBlob(file.blobId!, blobId);
      source = { blobId, size: file.size };
    } else if (p.get('file_url')) {
      const own = ownBlob(ctx, p.get('file_url'));
      if (!own) return graphError({ message: FETCH_REFUSED, code: 6000, subcode: 1363030 });
      source = { blobId: own, size: ctx.store.blobSize(own) };
    } else {
      return invalidParam('A video is required: fbuploader_video_file_chunk (an upload handle), source or file_url');
    }
    if (source.size > FB_LIMITS.maxVideoBytes)
      return graphError({
        message: 'There was a problem uploading your video file. Please try again with another file.',
        code: 6000,
        subcode: 1363023,
        userTitle: 'File too large',
        userMsg: `Videos can be at most ${FB_LIMITS.maxVideoBytes} bytes.`,
      });

    const published = p.get('published') === undefined || isTrue(p.get('published'));
    const scheduled = p.get('scheduled_publish_time');
    let scheduledAt: number | undefined;
    if (scheduled !== undefined) {
      if (published) return invalidParam('Param scheduled_publish_time can only be set when published is false');
      scheduledAt = Number(scheduled) * 1000;
      const ahead = scheduledAt - ctx.now();
      if (ahead < FB_LIMITS.scheduleMinMs || ahead > FB_LIMITS.scheduleMaxMs)
        return invalidParam('The specified scheduled publish time is invalid.');
    }
    const duplicate = ctx.faults.take('facebook', 'create', ['duplicate']);
    if (duplicate)
      return graphError({ message: '(#506) Duplicate status message', code: 506, userMsg: duplicate.message });
    const id = numericId((x) => !!videos(ctx).get(x), '10');
    // Processing starts with the create: the processing faults are read at this step (core/processing-faults.ts).
    const fault = processingFault(ctx, 'facebook', 'create', id, { blobId: source.blobId, surface: 'facebook-video' });
    // The Page the token is for: pageToken() has held the path's Page to it.
    const pageId = auth.token.meta!.pageId!;
    const video: FbVideo = {
      id,
      pageId,
      kind: 'video',
      title: p.get('title') ?? '',
      description: p.get('description') ?? '',
      blobId: source.blobId,
      fileSize: source.size,
      createdAt: ctx.now(),
      processing: {
        polls: 0,
        completedAt: ctx.now(),
        ...(fault.state === 'failed'
          ? { outcome: 'error', error: fault.message ?? 'The video could not be processed.' }
          : fault.state === 'free'
            ? { outcome: 'complete' }
            : {}),
      },
      videoState: published ? 'PUBLISHED' : scheduledAt ? 'SCHEDULED' : 'DRAFT',
      scheduledAt,
      permalink: ctx.pageUrl('www.facebook.com', `/${pageId}/videos/${id}/`),
    };
    videos(ctx).set(id, video);
    settlePage(ctx, pageId);
    return json(200, { id });
  });

  const list = (kind?: FbVideo['kind']) => async (req: EmuRequest) => {
    const p = await readParams(req);
    const auth = pageToken(ctx, accessToken(req, p), req.params.page);
    if (!auth.ok) return auth.response;
    const pageId = auth.token.meta!.pageId!;
    settlePage(ctx, pageId);
    const data: Record<string, unknown>[] = [];
    const all = videos(ctx)
      .values()
      .filter((v) => v.pageId === pageId && (kind ? v.kind === kind : v.kind === 'video' || v.videoState))
      .sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id));
    for (const v of all) {
      const picked = pickFields(p.get('fields'), {
        nodeType: 'Video',
        known: VIDEO_FIELDS,
        defaults: ['id', 'description', 'updated_time'],
        values: videoValues(ctx, v),
      });
      if (!picked.ok) return picked.response;
      data.push(picked.body);
    }
    return json(200, {
      data,
      paging: { cursors: { before: 'MA', after: Buffer.from(String(data.length)).toString('base64url') } },
    });
  };
  graphRoute(api, 'GET', 'graph.facebook.com', '/:page/videos', 'videos', list());
  graphRoute(api, 'GET', 'graph.facebook.com', '/:page/video_reels', 'videos', list('reel'));

  const page = (find: (v: FbVideo) => boolean) => {
    const v = videos(ctx).values().find(find);
    if (!v || v.publishedAt === undefined)
      return errorPage(404, 'This content isn’t available', 'It may have been removed.');
    return postPage({
      platformName: 'Facebook',
      accountName: fbPage(v.pageId)?.name ?? v.pageId,
      text: v.description || v.title,
      mediaUrl: ctx.mediaUrl(v.blobId),
    });
  };
  api.route('GET', 'www.facebook.com', '/:page/videos/:id', 'post_page', (req) => {
    settlePage(ctx, req.params.page!);
    return page((v) => v.id === req.params.id && v.pageId === req.params.page);
  });
  api.route('GET', 'www.facebook.com', '/reel/:id', 'post_page', (req) => {
    const reel = videos(ctx).get(req.params.id!);
    if (reel) settlePage(ctx, reel.pageId);
    return page((v) => v.id === req.params.id && v.kind === 'reel');
  });
}

/** A video's fields as Graph answers them. */
export function videoValues(ctx: EmulatorContext, v: FbVideo): Record<string, unknown> {
  const views = v.publishedAt ? grownMetrics(new Date(v.publishedAt).toISOString(), ctx.now(), 1).views : 0;
  return {
    id: v.id,
    title: v.title || undefined,
    description: v.description,
    created_time: graphTime(v.createdAt),
    updated_time: graphTime(v.publishedAt ?? v.createdAt),
    permalink_url: v.permalink,
    published: v.publishedAt !== undefined,
    scheduled_publish_time: v.scheduledAt ? graphTime(v.scheduledAt) : undefined,
    status: videoStatus(ctx, v),
    source: ctx.mediaUrl(v.blobId),
    picture: ctx.avatarUrl('facebook', v.id),
    from: { id: v.pageId, name: fbPage(v.pageId)?.name },
    post_views: views,
    views,
    embeddable: true,
  };
}
