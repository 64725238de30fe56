import type { EmulatorContext, FaultEnvelopes, RouteApi } from '../../core/context';
import { json, type EmuRequest } from '../../core/http';
import type { AccessToken } from '../../core/oauth';
import { graphError, invalidParam, missingParam, throttleError } from '../meta/graph-errors';
import { numericId } from '../meta/graph-ids';
import { accessToken, checkParams, readParams, type GraphParams } from '../meta/graph-params';
import { DEFAULT_GRAPH_VERSION, graphRoute, isVersion } from '../meta/graph-routes';
import { receiveRupload, ruploadError, ruploadFaultEnvelopes } from '../meta/rupload';
import { FB_LIMITS } from './fb-account';
import { VIDEO_REELS_PARAMS } from './fb-params';
import { FB_CALLS } from './fb-calls';
import { pageToken, settleVideo, videos, type FbVideo } from './fb-store';
import { withRequestFault } from '../../core/request-faults';

/**
 * Page Reels: `POST /<page-id>/video_reels upload_phase=start` → `{video_id, upload_url}`; the bytes to
 * `rupload.facebook.com/video-upload/<ver>/<video_id>` (`offset`, `file_size`); then
 * `upload_phase=finish&video_id&video_state=PUBLISHED` → `{success: true}`: the create step. 30 Reels per Page
 * in a rolling 24 hours.
 */
export function registerReels(api: RouteApi, ctx: EmulatorContext, errors: FaultEnvelopes) {
  graphRoute(api, 'POST', 'graph.facebook.com', '/:page/video_reels', 'reels', async (req) => {
    const p = await readParams(req);
    const phase = p.get('upload_phase')?.toLowerCase();
    const step = phase === 'finish' ? 'reels_finish' : 'reels_start';
    return withRequestFault(ctx, 'facebook', step, errors, req, () => {
      const auth = pageToken(ctx, accessToken(req, p), req.params.page, FB_CALLS.pageReel);
      if (!auth.ok) return auth.response;
      const bad = checkParams(p, VIDEO_REELS_PARAMS);
      if (bad) return bad;
      if (!phase) return missingParam('upload_phase');
      // The Page the token is for: pageToken() has held the path's Page to it.
      const pageId = auth.token.meta!.pageId!;
      return phase === 'start' ? start(ctx, req, pageId) : finish(ctx, p, pageId);
    });
  });

  const envelopes = ruploadFaultEnvelopes;
  api.route('POST', 'rupload.facebook.com', '/video-upload/v:ver/:video', 'rupload', (req) =>
    withRequestFault(ctx, 'facebook', 'reels_upload', envelopes, req, async () => {
      const v = isVersion(req.params.ver) ? videos(ctx).get(req.params.video!) : undefined;
      if (!v || v.kind !== 'reel') return ruploadError(404, 'NotFoundError', 'There is no upload for this video.');
      if (v.videoState)
        return ruploadError(400, 'ProcessingFailedError', 'This video is finished; it takes no more bytes.');
      const received = await receiveRupload(ctx, req, {
        platform: 'facebook',
        blobId: v.blobId,
        fileSize: v.fileSize,
        maxBytes: FB_LIMITS.maxVideoBytes,
        owns: (t: AccessToken) => t.meta?.kind === 'page' && t.meta.pageId === v.pageId,
      });
      if (!received.ok) return received.response;
      videos(ctx).update(v.id, (x) => {
        x.fileSize = received.result.fileSize;
        if (received.result.complete) x.processing.completedAt ??= ctx.now();
      });
      return json(200, { success: true });
    }),
  );
}

function start(ctx: EmulatorContext, req: EmuRequest, pageId: string) {
  const id = numericId((x) => !!videos(ctx).get(x), '10');
  const video: FbVideo = {
    id,
    pageId,
    kind: 'reel',
    title: '',
    description: '',
    blobId: `fb-reel-${id}`,
    createdAt: ctx.now(),
    processing: { polls: 0 },
    permalink: ctx.pageUrl('www.facebook.com', `/reel/${id}`),
  };
  videos(ctx).set(id, video);
  const version = req.params.ver ? `v${req.params.ver}` : DEFAULT_GRAPH_VERSION;
  return json(200, { video_id: id, upload_url: ctx.apiUrl('rupload.facebook.com', `/video-upload/${version}/${id}`) });
}

function finish(ctx: EmulatorContext, p: GraphParams, pageId: string) {
  const id = p.get('video_id');
  if (!id) return missingParam('video_id');
  const v = videos(ctx).get(id);
  if (!v || v.kind !== 'reel' || v.pageId !== pageId)
    return invalidParam(`Param video_id ${id} is not a Reel of this Page`);
  if (v.videoState) return invalidParam(`The Reel ${id} is already finished (${v.videoState})`);
  const held = ctx.store.blobSize(v.blobId);
  if (v.fileSize === undefined || held < v.fileSize)
    return graphError({
      message: `The video upload is not complete (${held} of ${v.fileSize ?? 'unknown'} bytes received).`,
      code: 6000,
      userTitle: 'Upload incomplete',
      userMsg: 'Send the remaining bytes to the upload_url before finishing.',
    });
  const state = (p.get('video_state')?.toUpperCase() ?? 'PUBLISHED') as NonNullable<FbVideo['videoState']>;
  let scheduledAt: number | undefined;
  if (state === 'SCHEDULED') {
    const at = p.get('scheduled_publish_time');
    if (!at) return missingParam('scheduled_publish_time');
    scheduledAt = /^\d+$/.test(at) ? Number(at) * 1000 : Date.parse(at);
    const ahead = scheduledAt - ctx.now();
    if (ahead < FB_LIMITS.scheduleMinMs || ahead > FB_LIMITS.scheduleMaxMs)
      return invalidParam('The specified scheduled publish time is invalid.');
  }
  if (state !== 'DRAFT') {
    const since = ctx.now() - FB_LIMITS.reelsWindowMs;
    const recent = videos(ctx)
      .values()
      .filter(
        (x) => x.kind === 'reel' && x.pageId === v.pageId && x.videoState !== 'DRAFT' && (x.finishedAt ?? 0) > since,
      );
    if (recent.length >= FB_LIMITS.reelsPerDay) {
      const oldest = Math.min(...recent.map((x) => x.finishedAt!));
      return throttleError(32, {
        resetAt: oldest + FB_LIMITS.reelsWindowMs,
        now: ctx.now(),
        objectId: v.pageId,
        bucType: 'pages',
      });
    }
  }
  const duplicate = ctx.faults.take('facebook', 'reels_finish', ['duplicate']);
  if (duplicate)
    return graphError({ message: '(#506) Duplicate status message', code: 506, userMsg: duplicate.message });
  videos(ctx).update(id, (x) => {
    x.videoState = state;
    x.finishedAt = ctx.now();
    x.scheduledAt = scheduledAt;
    x.title = p.get('title') ?? '';
    x.description = p.get('description') ?? '';
  });
  settleVideo(ctx, id, { poll: false, step: 'reels_status' });
  return json(200, { success: true });
}

/** `status` of a video node: where uploading, processing and publishing stand. */
export function videoStatus(ctx: EmulatorContext, v: FbVideo) {
  const held = ctx.store.blobSize(v.blobId);
  const uploaded = v.processing.completedAt !== undefined;
  const p = v.processing;
  const processing =
    p.outcome === 'error' ? 'error' : p.outcome === 'complete' ? 'complete' : uploaded ? 'in_progress' : 'not_started';
  const live = v.publishedAt !== undefined;
  return {
    video_status:
      processing === 'error' ? 'error' : !uploaded ? 'uploading' : processing !== 'complete' ? 'processing' : 'ready',
    uploading_phase: {
      status: uploaded ? 'complete' : held > 0 ? 'in_progress' : 'not_started',
      bytes_transferred: held,
    },
    processing_phase: {
      status: processing,
      ...(p.outcome === 'error' ? { errors: [{ code: 1363008, message: p.error }] } : {}),
    },
    publishing_phase: {
      status: live
        ? 'complete'
        : v.videoState && v.videoState !== 'DRAFT' && processing !== 'error'
          ? 'in_progress'
          : 'not_started',
      publish_status: live
        ? 'published'
        : v.videoState === 'SCHEDULED'
          ? 'scheduled'
          : v.videoState === 'DRAFT'
            ? 'draft'
            : 'not_published',
      ...(live ? { publish_time: Math.floor(v.publishedAt! / 1000) } : {}),
    },
  };
}
