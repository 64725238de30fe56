import {
  AcceptInvitationResponse,
  CreateInvitationBody,
  ErrorBody,
  IdText,
  Invitation,
  InvitationCreated,
  InvitationPreview,
  InvitationToken,
  OkResponse,
} from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import {
  acceptInvitation,
  cancelInvitation,
  createInvitation,
  listInvitations,
  previewInvitation,
} from '../../services/teams/invitations.service';

const owned = { tags: ['members'], security: [{ bearer: [] }] };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const ProjectParams = z.object({ id: IdText });
const TokenParams = z.object({ token: InvitationToken });

/** Invitations to a project (owner), and the link's own two calls for whoever holds it (docs/teams.md). */
export const invitationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = requireAuth(ctx);
    // Per client address: a link's secret cannot be guessed in 32 random bytes, but nobody gets to try at speed.
    const rateLimit = { max: ctx.config.authRateLimitPerMinute * 3, timeWindow: 60_000 };

    app.post(
      '/projects/:id/invitations',
      {
        onRequest: guard,
        config: { access: { project: 'params.id', need: 'manage_project' } },
        schema: {
          ...owned,
          summary: 'Invite someone by e-mail, with a role (owner only)',
          description:
            'Answers the single-use link (valid 7 days), which is shown only here: only its SHA-256 is kept. When ' +
            'the server sends mail (`SMTP_URL`) the link is also e-mailed; `emailed` says whether that worked, and ' +
            'a failed mail keeps the invitation. 403 `role_forbidden` for anyone but the owner.',
          params: ProjectParams,
          body: CreateInvitationBody,
          response: { 201: InvitationCreated, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createInvitation(ctx, currentUser(request).id, request.params.id, request.body)),
    );

    app.get(
      '/projects/:id/invitations',
      {
        onRequest: guard,
        config: { access: { project: 'params.id', need: 'manage_project' } },
        schema: {
          ...owned,
          summary: "A project's pending invitations (owner only)",
          description: 'Neither used, withdrawn nor expired; the newest first. Links are not shown again.',
          params: ProjectParams,
          response: { 200: z.object({ invitations: z.array(Invitation) }), ...errors },
        },
      },
      async (request) => ({ invitations: await listInvitations(ctx, currentUser(request).id, request.params.id) }),
    );

    app.delete(
      '/projects/:id/invitations/:invitationId',
      {
        onRequest: guard,
        config: { access: { project: 'params.id', need: 'manage_project' } },
        schema: {
          ...owned,
          summary: 'Withdraw a pending invitation (owner only)',
          description: 'Its link stops working at once. 404 for an invitation of another project or no longer pending.',
          params: z.object({ id: IdText, invitationId: IdText }),
          response: { 200: OkResponse, ...errors },
        },
      },
      async (request) => {
        await cancelInvitation(ctx, currentUser(request).id, request.params.id, request.params.invitationId);
        return { ok: true as const };
      },
    );

    app.get(
      '/invitations/:token',
      {
        config: { access: { public: true }, rateLimit },
        schema: {
          tags: ['members'],
          summary: 'What an invitation link is for, without joining',
          description:
            "No sign-in needed: the project's name, who invites, the role, the expiry and whether the link can " +
            'still be used (`state`: pending, expired, revoked or used). 404 for a link that never existed.',
          params: TokenParams,
          response: { 200: InvitationPreview, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
        },
      },
      async (request) => previewInvitation(ctx, request.params.token),
    );

    app.post(
      '/invitations/:token/accept',
      {
        onRequest: guard,
        config: { access: { personal: true }, rateLimit },
        schema: {
          tags: ['members'],
          security: [{ bearer: [] }],
          summary: 'Join the project of an invitation link, with its role',
          description:
            'Signed in: the link works once. 410 `invitation_expired`, `invitation_revoked` or `invitation_used` ' +
            'when it no longer does; 409 `already_member` for the owner or a member (the link stays unused).',
          params: TokenParams,
          response: {
            200: AcceptInvitationResponse,
            ...errors,
            409: ErrorBody,
            410: ErrorBody,
            429: ErrorBody,
          },
        },
      },
      async (request) => acceptInvitation(ctx, currentUser(request).id, request.params.token),
    );
  };
