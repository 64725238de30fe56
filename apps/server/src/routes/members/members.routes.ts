import { AddMemberBody, ChangeMemberBody, ErrorBody, IdText, OkResponse, ProjectMember } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import { addMember, changeMemberRole, listMembers, removeMember } from '../../services/teams/members.service';

const common = { tags: ['members'], security: [{ bearer: [] }] };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const ProjectParams = z.object({ id: IdText });
const MemberParams = z.object({ id: IdText, userId: IdText });
const MemberResponse = z.object({ member: ProjectMember });

/** A project's people: its owner and the members the owner added, each with a role (docs/teams.md). */
export const membersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.get(
      '/projects/:id/members',
      {
        config: { access: { project: 'params.id', need: 'see_posts' } },
        schema: {
          ...common,
          summary: "A project's owner and members, with their roles",
          description: 'Any member may read it. 404 for a project the caller has no place in.',
          params: ProjectParams,
          response: { 200: z.object({ members: z.array(ProjectMember) }), ...errors },
        },
      },
      async (request) => ({ members: await listMembers(ctx, currentUser(request).id, request.params.id) }),
    );

    app.post(
      '/projects/:id/members',
      {
        config: { access: { project: 'params.id', need: 'manage_project' } },
        schema: {
          ...common,
          summary: 'Add someone who has an account to the project, with a role (owner only)',
          description:
            'By e-mail address: 404 `no_account` when no account has it (invite them instead), 409 `already_member`. ' +
            '403 `role_forbidden` for anyone but the owner.',
          params: ProjectParams,
          body: AddMemberBody,
          response: { 201: MemberResponse, ...errors, 409: ErrorBody },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ member: await addMember(ctx, currentUser(request).id, request.params.id, request.body) }),
    );

    app.patch(
      '/projects/:id/members/:userId',
      {
        config: { access: { project: 'params.id', need: 'manage_project' } },
        schema: {
          ...common,
          summary: "Change a member's role (owner only)",
          description: '409 `owner_role` for the owner: ownership changes only by handing it over.',
          params: MemberParams,
          body: ChangeMemberBody,
          response: { 200: MemberResponse, ...errors, 409: ErrorBody },
        },
      },
      async (request) => ({
        member: await changeMemberRole(
          ctx,
          currentUser(request).id,
          request.params.id,
          request.params.userId,
          request.body.role,
        ),
      }),
    );

    app.delete(
      '/projects/:id/members/:userId',
      {
        config: { access: { project: 'params.id', need: 'see_posts' } },
        schema: {
          ...common,
          summary: 'Remove a member (owner), or leave a project (the member themselves)',
          description: '409 `owner_role` for the owner, who can neither leave nor be removed.',
          params: MemberParams,
          response: { 200: OkResponse, ...errors, 409: ErrorBody },
        },
      },
      async (request) => {
        await removeMember(ctx, currentUser(request).id, request.params.id, request.params.userId);
        return { ok: true as const };
      },
    );
  };
