import {
  CreatePreviewLinkBody,
  ErrorBody,
  IdText,
  OkResponse,
  PreviewLinkList,
  PreviewLinkResponse,
} from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth-guard';
import { createPreviewLink, listPreviewLinks, revokeLink } from '../../services/preview/preview-links.service';

const common = { tags: ['preview links'], security: [{ bearer: [] }] };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const OWNER = 'The owner only (`manage_project`): 403 `role_forbidden` for a member, 404 for anyone else.';

/** The owner's side of client preview links (docs/teams.md, "Client preview links"). */
export const previewLinksRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));
    const rule = { project: 'params.id', need: 'manage_project' } as const;

    app.post(
      '/projects/:id/preview-links',
      {
        config: { access: rule },
        schema: {
          ...common,
          summary: 'Make a client preview link for some posts or a range of time',
          description:
            `${OWNER} Either \`postIds\` (every one a post of this project, else 400 \`invalid_posts\`) or ` +
            '`range: {from, to}`, resolved to the posts scheduled in it each time the page is opened. `expiresAt` ' +
            'defaults to 14 days from now (at most 365; 400 `expiry_in_past`, `expiry_too_far`). `allowNotes`: ' +
            'visitors may leave notes; `allowApproval`: they may approve or ask for changes when the project needs ' +
            'approval. The answer’s `url` holds the token (32 random bytes), shown this once: only its SHA-256 is kept.',
          params: z.object({ id: IdText }),
          body: CreatePreviewLinkBody,
          response: { 201: PreviewLinkResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ link: await createPreviewLink(ctx, request.access!, request.body) }),
    );

    app.get(
      '/projects/:id/preview-links',
      {
        config: { access: rule },
        schema: {
          ...common,
          summary: "The project's preview links, newest first, revoked and expired ones included",
          description: `${OWNER} Their \`url\` is null: the token is not kept.`,
          params: z.object({ id: IdText }),
          response: { 200: PreviewLinkList, ...errors },
        },
      },
      async (request) => ({ links: await listPreviewLinks(ctx, request.access!) }),
    );

    app.delete(
      '/projects/:id/preview-links/:linkId',
      {
        config: { access: rule },
        schema: {
          ...common,
          summary: 'Revoke a preview link: its page answers 410 from now on',
          description: `${OWNER} 404 for a link of another project. Revoking twice is harmless.`,
          params: z.object({ id: IdText, linkId: IdText }),
          response: { 200: OkResponse, ...errors },
        },
      },
      async (request) => {
        await revokeLink(ctx, request.access!, request.params.linkId);
        return { ok: true as const };
      },
    );
  };
