import { ErrorBody, Id, IdText, PreviewDecisionBody, PreviewNoteBody, PreviewPage, TimeZone } from '@fanout/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { approvePost, requestChanges } from '../../services/preview/preview-approval';
import {
  addPreviewNote,
  decisionTarget,
  openPreviewLink,
  previewPage,
  previewPost,
} from '../../services/preview/preview-page.service';
import { hashPreviewToken } from '../../services/preview/preview-token';
import { FILE_RESPONSES, sendStoredFile } from '../media/media.routes';

/** A preview's video is never replayed from the browser's cache without asking: the link may be revoked. */
const PREVIEW_MEDIA_CACHE = 'private, no-cache';

const common = { tags: ['preview'] };
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 410: ErrorBody, 429: ErrorBody };
const TOKEN =
  'No account: the token in the path is the only key, and it opens only these calls, for the posts of its ' +
  'link. 404 for a token nobody made, 410 `preview_expired` / `preview_revoked`. Rate-limited per client ' +
  'address and link (429 `rate_limited`).';
const TokenParams = z.object({ token: z.string().max(100) });
const PostParams = z.object({ token: z.string().max(100), postId: IdText });

/** Per client address and link: slows guessing and scraping without one visitor starving another link. */
const limit = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) =>
      `${request.ip}:${hashPreviewToken(String((request.params as { token?: unknown }).token ?? ''))}`,
  },
});

/** The public preview page's own API (docs/teams.md, "Client preview links"). */
export const previewRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/preview/:token',
      {
        config: { access: { public: true }, ...limit(60) },
        schema: {
          ...common,
          summary: 'The posts of a preview link, as their platforms would show them',
          description:
            `${TOKEN} Each post: its caption for its platform, its time (UTC, and in the viewer's zone with ` +
            '`?zone=`), a `mediaUrl` that plays its video with this token only, and its notes.',
          params: TokenParams,
          querystring: z.object({ zone: TimeZone.optional() }),
          response: { 200: PreviewPage, ...errors },
        },
      },
      async (request) => previewPage(ctx, request.params.token, request.query.zone),
    );

    app.route({
      method: ['GET', 'HEAD'],
      url: '/preview/:token/media/:postId',
      exposeHeadRoute: false,
      config: { access: { public: true }, ...limit(600) },
      schema: {
        ...common,
        summary: "The video of one post of a preview link; supports Range (what the page's player plays)",
        description:
          `${TOKEN} 404 for a post the link does not show. Sent with \`cache-control: private, no-cache\`: ` +
          'the browser asks again each time (If-None-Match), and the link is checked before a 304.',
        params: PostParams,
        response: { ...FILE_RESPONSES, ...errors, 416: ErrorBody },
      },
      handler: async (request, reply) => {
        const { token, postId } = request.params as z.infer<typeof PostParams>;
        // The link is checked before any answer, a 304 included; the browser must ask each time (no-cache), so a
        // revoked or expired link stops playing at once rather than from a copy kept for a day.
        const post = await previewPost(ctx, await openPreviewLink(ctx, token), postId);
        return sendStoredFile(ctx, request, reply, post.video_filename, PREVIEW_MEDIA_CACHE);
      },
    });

    app.post(
      '/preview/:token/notes',
      {
        config: { access: { public: true }, ...limit(20) },
        schema: {
          ...common,
          summary: 'Leave a note on a post of a preview link, by name',
          description:
            `${TOKEN} Only when the link allows notes (403 \`notes_not_allowed\`). \`postId\` may be left out ` +
            'when the link shows one post (400 `post_required` otherwise). Text only, 1–2,000 characters.',
          params: TokenParams,
          body: PreviewNoteBody,
          response: { 201: z.object({ note: z.object({ id: Id }) }), ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ note: await addPreviewNote(ctx, request.params.token, request.body) }),
    );

    for (const decision of ['approve', 'request-changes'] as const) {
      app.post(
        `/preview/:token/posts/:postId/${decision}`,
        {
          config: { access: { public: true }, ...limit(20) },
          schema: {
            ...common,
            summary: decision === 'approve' ? 'Approve a post of a preview link' : 'Ask for changes to a post',
            description:
              `${TOKEN} Only when the link allows approval (403 \`approval_not_allowed\`), for a post it shows; ` +
              'the post must be awaiting approval (409 `not_awaiting_approval`). Approving an overdue post publishes ' +
              'it at once; asking for changes needs a comment (400 `comment_required`).',
            params: PostParams,
            body: PreviewDecisionBody,
            response: { 200: z.object({ ok: z.literal(true) }), ...errors, 409: ErrorBody },
          },
        },
        async (request) => {
          const link = await decisionTarget(ctx, request.params.token, request.params.postId);
          const actor = { previewLinkId: link.id, name: request.body.name };
          if (decision === 'approve') await approvePost(ctx, actor, request.params.postId);
          else await requestChanges(ctx, actor, request.params.postId, request.body.comment);
          return { ok: true as const };
        },
      );
    }
  };
