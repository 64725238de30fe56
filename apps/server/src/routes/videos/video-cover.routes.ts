import { COVER_IMAGE_MAX_BYTES, CoverFrameBody, ErrorBody, IdParams, VideoResponse } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ownerOf } from '../../http/access-guard';
import { requireAuth } from '../../http/auth-guard';
import { unsupportedMediaType } from '../../http/errors';
import { coverTooLarge, removeCover, setCoverFrame, setCoverImage } from '../../services/covers/video-cover.service';
import { COVER_BODY_TYPES, COVER_FORM_OVERHEAD_BYTES, coverImageBytes } from './cover-body';

const common = { tags: ['videos'], security: [{ bearer: [] }] };
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
const MB = COVER_IMAGE_MAX_BYTES / 1024 / 1024;
const BODY_LIMIT = COVER_IMAGE_MAX_BYTES + COVER_FORM_OVERHEAD_BYTES;

const WHERE_IT_GOES =
  'Every post of the video uses it when it publishes (docs/covers.md): a frame reaches TikTok ' +
  '(video_cover_timestamp_ms) and Instagram (thumb_offset); an image reaches YouTube (thumbnails.set), a ' +
  "Facebook Page video's thumbnail (a Reel takes none), Reddit's poster, and Instagram (cover_url) when " +
  'PUBLIC_URL is reachable from the internet (GET /api/config `covers.publicAddress`). X takes no cover. A ' +
  "post's own Instagram `coverFrameMs` option, still accepted, wins for that post.";

/** PUT/DELETE /api/videos/:id/cover: the video's cover, a frame of it or an uploaded image. */
export const videoCoverRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser(COVER_BODY_TYPES, { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    app.addHook('onRequest', requireAuth(ctx));
    app.setErrorHandler((err, _request, _reply) => {
      if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw coverTooLarge();
      throw err;
    });

    app.put(
      '/videos/:id/cover',
      {
        config: { access: { row: 'videos', at: 'params.id', need: 'edit' } },
        schema: {
          ...common,
          summary: "Make a frame of the video its cover (`frameMs` from the start, less than the video's duration)",
          description:
            `${WHERE_IT_GOES} A JPEG still of the frame is made for the preview (\`cover.url\`; null when ffmpeg ` +
            'cannot decode that frame) and counts against the storage quota. 400 `frame_out_of_range` at or past ' +
            'the end; 409 `duration_unknown` for a video whose duration was never read; 404 for a video that is ' +
            'not yours.',
          params: IdParams,
          body: CoverFrameBody,
          response: { 200: VideoResponse, ...errors, 409: ErrorBody, 413: ErrorBody },
        },
      },
      async (request) => ({
        video: await setCoverFrame(ctx, ownerOf(request), request.params.id, request.body.frameMs),
      }),
    );

    app.put(
      '/videos/:id/cover/image',
      {
        config: { access: { row: 'videos', at: 'params.id', need: 'edit' } },
        bodyLimit: BODY_LIMIT,
        // Before the body is read: a text or JSON body is the wrong kind of body, not a broken image.
        onRequest: async (request) => {
          const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
          if (!COVER_BODY_TYPES.includes(type)) {
            throw unsupportedMediaType(
              'Send the cover as image/jpeg, image/png, application/octet-stream or a multipart form',
              'unsupported_media_type',
            );
          }
        },
        schema: {
          ...common,
          summary: 'Make an uploaded JPEG or PNG image the video’s cover',
          description:
            `${WHERE_IT_GOES} The body is the image itself (image/jpeg, image/png or application/octet-stream) or a ` +
            'multipart form with the image as its one file. JPEG and PNG are recognised by their bytes, never by a ' +
            `name or a Content-Type, and their size in pixels is read. At most ${MB} MB (YouTube's thumbnail limit): ` +
            '413 `cover_too_large`; 400 `not_an_image` for anything else; 413 `quota_exceeded` when it does not fit ' +
            'in the storage left; 415 for another Content-Type. The image replaces any cover (its file removed); 404 for a video that is not yours.',
          consumes: COVER_BODY_TYPES,
          params: IdParams,
          body: z.any().meta({ type: 'string', format: 'binary' }),
          response: { 200: VideoResponse, ...errors, 413: ErrorBody, 415: ErrorBody },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const bytes = coverImageBytes(request.headers['content-type'], body);
        return { video: await setCoverImage(ctx, ownerOf(request), request.params.id, bytes) };
      },
    );

    app.delete(
      '/videos/:id/cover',
      {
        config: { access: { row: 'videos', at: 'params.id', need: 'edit' } },
        schema: {
          ...common,
          summary: 'Remove the video’s cover: each platform picks its own again',
          description: 'Its still or image is removed from the storage. 404 for a video that is not yours.',
          params: IdParams,
          response: { 200: VideoResponse, ...errors },
        },
      },
      async (request) => ({ video: await removeCover(ctx, ownerOf(request), request.params.id) }),
    );
  };
