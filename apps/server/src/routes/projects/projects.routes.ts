import {
  CreateProjectBody,
  ErrorBody,
  IdParams,
  OkResponse,
  Project,
  ProjectList,
  ProjectsQuery,
  UpdateProjectBody,
} from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import { assertSelf, createProject, deleteProject, listProjects, updateProject } from '../../services/projects.service';

const common = { tags: ['projects'], security: [{ bearer: [] }] };

export const projectsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.get(
      '/projects',
      {
        config: { access: { personal: true } },
        schema: {
          ...common,
          summary: "The signed-in user's projects, oldest first, each with its video count",
          querystring: ProjectsQuery,
          response: { 200: ProjectList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
        },
      },
      async (request) => {
        const user = currentUser(request);
        assertSelf(user.id, request.query.user_id);
        return listProjects(ctx, user.id);
      },
    );

    app.post(
      '/projects',
      {
        config: { access: { personal: true } },
        schema: {
          ...common,
          summary: 'Create a project (workspace)',
          body: CreateProjectBody,
          response: { 201: Project, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
        },
      },
      async (request, reply) => reply.code(201).send(await createProject(ctx, currentUser(request).id, request.body)),
    );

    app.patch(
      '/projects/:id',
      {
        config: { access: { project: 'params.id', need: 'manage_project' } },
        schema: {
          ...common,
          summary: 'Rename a project or change its initials or colours',
          params: IdParams,
          body: UpdateProjectBody,
          response: { 200: Project, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => updateProject(ctx, currentUser(request).id, request.params.id, request.body),
    );

    app.delete(
      '/projects/:id',
      {
        config: { access: { project: 'params.id', need: 'manage_project' } },
        schema: {
          ...common,
          summary: 'Delete a project with all its videos and their files',
          params: IdParams,
          response: { 200: OkResponse, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => {
        await deleteProject(ctx, currentUser(request).id, request.params.id);
        return { ok: true as const };
      },
    );
  };
