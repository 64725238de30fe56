import {
  CAPTION_MAX_BYTES,
  CaptionParams,
  CaptionUploadQuery,
  ErrorBody,
  IdParams,
  VideoCaptionResponse,
  VideoCaptionsResponse,
} from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ownerOf } from '../../http/access-guard';
import { requireAuth } from '../../http/auth-guard';
import { unsupportedMediaType } from '../../http/errors';
import {
  captionTooLarge,
  listCaptions,
  putCaption,
  readCaption,
  removeCaption,
} from '../../services/captions/video-captions.service';
import { NO_BODY } from '../media/media.routes';

const common = { tags: ['videos'], security: [{ bearer: [] }] };
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
/** The types a caption file may be sent as; the format is read from the text itself, never from these. */
const CAPTION_BODY_TYPES = ['text/plain', 'text/vtt', 'application/x-subrip', 'application/octet-stream'];

const CAPTION_TEXT = z.string();

const WHERE_THEY_GO =
  'Caption tracks go to YouTube (captions.insert), Facebook (as SRT) and X (media subtitles) after each post of ' +
  'the video; TikTok, Instagram and Reddit take no caption file, so a track can be burned into a fitting copy for ' +
  'them (`burnCaptions` on POST /api/videos/:id/renditions). See docs/captions.md.';

/** /api/videos/:id/captions: the video's caption tracks, one per language. */
export const videoCaptionsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser(
      CAPTION_BODY_TYPES,
      { parseAs: 'buffer', bodyLimit: CAPTION_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    app.addHook('onRequest', requireAuth(ctx));
    app.setErrorHandler((err, _request, _reply) => {
      if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw captionTooLarge();
      throw err;
    });

    app.put(
      '/videos/:id/captions/:language',
      {
        config: { access: { row: 'videos', at: 'params.id', need: 'edit' } },
        bodyLimit: CAPTION_MAX_BYTES,
        onRequest: async (request) => {
          const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
          if (!CAPTION_BODY_TYPES.includes(type)) {
            throw unsupportedMediaType(
              'Send the caption file as text/plain, text/vtt, application/x-subrip or application/octet-stream',
              'unsupported_media_type',
            );
          }
        },
        schema: {
          ...common,
          summary: 'Upload the caption track (.srt or .vtt) of one language, in place of any earlier one',
          description:
            `${WHERE_THEY_GO} The body is the file's UTF-8 text; WebVTT is recognised by its WEBVTT first line, ` +
            'anything else is read as SubRip. Every cue needs well-formed times that end after they start, cues ' +
            "in time order, none starting after the video's end: otherwise 400 `bad_captions` (or " +
            '`captions_out_of_range`) naming the line, in words. `language` is a BCP-47 tag (400 otherwise), kept ' +
            `in its canonical spelling; \`label\` the name players show. At most ${CAPTION_MAX_BYTES / 1024 / 1024} ` +
            'MB (413 `caption_too_large`); the file counts against the storage quota (413 `quota_exceeded`). 415 ' +
            'for another Content-Type; 404 for a video that is not yours.',
          consumes: CAPTION_BODY_TYPES,
          params: CaptionParams,
          querystring: CaptionUploadQuery,
          body: z.any().meta({ type: 'string' }),
          response: { 200: VideoCaptionResponse, ...errors, 413: ErrorBody, 415: ErrorBody },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { id, language } = request.params;
        const label = request.query.label ?? null;
        return { caption: await putCaption(ctx, ownerOf(request), id, language, label, body) };
      },
    );

    app.get(
      '/videos/:id/captions',
      {
        config: { access: { row: 'videos', at: 'params.id', need: 'see_library' } },
        schema: {
          ...common,
          summary: "The video's caption tracks, by language",
          description: `${WHERE_THEY_GO} 404 for a video that is not yours.`,
          params: IdParams,
          response: { 200: VideoCaptionsResponse, ...errors },
        },
      },
      async (request) => ({ captions: await listCaptions(ctx, ownerOf(request), request.params.id) }),
    );

    app.get(
      '/videos/:id/captions/:language',
      {
        config: { access: { row: 'videos', at: 'params.id', need: 'see_library' } },
        schema: {
          ...common,
          summary: 'The caption file of one language, as it was uploaded',
          description:
            'Served as text (SubRip as text/plain, WebVTT as text/vtt) with `X-Content-Type-Options: nosniff` and ' +
            'a sandboxing Content-Security-Policy, never as a page. 404 when the video is not yours or has no ' +
            'track in that language.',
          params: CaptionParams,
          response: {
            200: {
              description: 'The file as it was uploaded',
              content: { 'text/plain': { schema: CAPTION_TEXT }, 'text/vtt': { schema: CAPTION_TEXT } },
            },
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { id, language } = request.params;
        const caption = await readCaption(ctx, ownerOf(request), id, language);
        reply.headers({
          'content-type': caption.format === 'vtt' ? 'text/vtt; charset=utf-8' : 'text/plain; charset=utf-8',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
          'cache-control': 'private, no-cache',
        });
        return caption.text;
      },
    );

    app.delete(
      '/videos/:id/captions/:language',
      {
        config: { access: { row: 'videos', at: 'params.id', need: 'edit' } },
        schema: {
          ...common,
          summary: 'Remove the caption track of one language',
          description: 'Its file is removed from the storage. 404 when the video is not yours or has no such track.',
          params: CaptionParams,
          response: { 204: NO_BODY, ...errors },
        },
      },
      async (request, reply) => {
        await removeCaption(ctx, ownerOf(request), request.params.id, request.params.language);
        return reply.code(204).send(null);
      },
    );
  };
