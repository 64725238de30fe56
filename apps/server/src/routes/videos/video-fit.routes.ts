import { ErrorBody, FitRequest, FitResponse, IdParams } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ownerOf } from '../../http/access-guard';
import { requireAuth } from '../../http/auth-guard';
import { fitVideo } from '../../services/fit/video-fit.service';

export const videoFitRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.post(
      '/videos/:id/fit',
      {
        config: { access: { row: 'videos', at: 'params.id', need: 'see_library' } },
        schema: {
          tags: ['videos'],
          security: [{ bearer: [] }],
          summary: 'Whether a video fits a target (an account and its options), and how to make a copy that does',
          description:
            "Checks the video's probed facts against the target's media limits (a Facebook Reel's with " +
            "`options.kind: 'reel'`; TikTok's with the account's own longest video from creator_info, asked as " +
            'publish options are and counted against the same per-user limit: 429 `too_many_option_checks`; when ' +
            'TikTok cannot be asked, its general limits apply). `fits`: the video as uploaded meets them; ' +
            "`plan.steps`: what makes a copy that does (see docs/renditions.md), `plan.output` the copy's size, " +
            'frame rate, codecs, duration and estimated bytes, `plan.remaining` what it would still break. Nothing ' +
            'is rendered. 400 `invalid_options` for an option the platform does not have or a value it does not take. 404 for a video or connection that is not yours or a connection of another project; 409 ' +
            '`video_not_probed` for a video whose size and codec were never read.',
          params: IdParams,
          body: FitRequest,
          response: {
            200: FitResponse,
            400: ErrorBody,
            401: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
            429: ErrorBody,
          },
        },
      },
      async (request) => fitVideo(ctx, ownerOf(request), request.params.id, request.body),
    );
  };
