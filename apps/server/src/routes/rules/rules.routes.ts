import {
  CreateRuleBody,
  ErrorBody,
  IdParams,
  OkResponse,
  RuleList,
  RuleResponse,
  UpdateRuleBody,
} from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import { createRule, deleteRule, listRules, updateRule } from '../../services/rules/rules.service';

const common = { tags: ['rules'], security: [{ bearer: [] }] };
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** /api/projects/:id/rules and /api/rules/:id: a project's automation rules (Project Settings → Rules). */
export const rulesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.get(
      '/projects/:id/rules',
      {
        schema: {
          ...common,
          summary: "A project's automation rules, each with its latest runs",
          params: IdParams,
          response: { 200: RuleList, ...errors },
        },
      },
      async (request) => ({ rules: await listRules(ctx, currentUser(request).id, request.params.id) }),
    );

    app.post(
      '/projects/:id/rules',
      {
        schema: {
          ...common,
          summary: 'Add an automation rule: when an event of its trigger meets its conditions, its actions run',
          description:
            'Runs as a job after the event commits, at most once per event. 400 `webhook_private_address` for a ' +
            'webhook to this machine or a private network unless the server allows them (WEBHOOK_ALLOW_PRIVATE).',
          params: IdParams,
          body: CreateRuleBody,
          response: { 201: RuleResponse, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ rule: await createRule(ctx, currentUser(request).id, request.params.id, request.body) }),
    );

    app.patch(
      '/rules/:id',
      {
        schema: {
          ...common,
          summary: 'Change a rule: any of its fields; conditions and actions are replaced whole',
          params: IdParams,
          body: UpdateRuleBody,
          response: { 200: RuleResponse, ...errors },
        },
      },
      async (request) => ({ rule: await updateRule(ctx, currentUser(request).id, request.params.id, request.body) }),
    );

    app.delete(
      '/rules/:id',
      {
        schema: {
          ...common,
          summary: 'Delete a rule and its runs',
          params: IdParams,
          response: { 200: OkResponse, ...errors },
        },
      },
      async (request) => {
        await deleteRule(ctx, currentUser(request).id, request.params.id);
        return { ok: true as const };
      },
    );
  };
