import {
  CreateRuleBody,
  MAX_RULES_PER_PROJECT,
  ErrorBody,
  IdParams,
  OkResponse,
  RuleList,
  RuleResponse,
  UpdateRuleBody,
} from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ownerOf } from '../../http/access-guard';
import { requireAuth } from '../../http/auth-guard';
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
        config: { access: { project: 'params.id', need: 'see_library' } },
        schema: {
          ...common,
          summary: "A project's automation rules, each with its latest runs",
          description:
            'A webhook action answers `secretSet: true`, never its secret: secrets are kept sealed with the ' +
            "server's secret key and used only to sign deliveries.",
          params: IdParams,
          response: { 200: RuleList, ...errors },
        },
      },
      async (request) => ({ rules: await listRules(ctx, ownerOf(request), request.params.id) }),
    );

    app.post(
      '/projects/:id/rules',
      {
        config: { access: { project: 'params.id', need: 'edit' } },
        schema: {
          ...common,
          summary: 'Add an automation rule: when an event of its trigger meets its conditions, its actions run',
          description:
            'Runs as a job after the event commits, at most once per event; each webhook delivery is a job of its ' +
            'own with a deadline (WEBHOOK_TIMEOUT_SECONDS). A new webhook needs its `secret` (at least 8 ' +
            'characters); it is sealed and never answered (`secretSet: true`). 400 `webhook_private_address` for ' +
            'a webhook to this machine or a private network unless the server allows them ' +
            `(WEBHOOK_ALLOW_PRIVATE). 409 \`too_many_rules\`: a project has at most ${MAX_RULES_PER_PROJECT} rules.`,
          params: IdParams,
          body: CreateRuleBody,
          response: { 201: RuleResponse, 409: ErrorBody, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ rule: await createRule(ctx, ownerOf(request), request.params.id, request.body) }),
    );

    app.patch(
      '/rules/:id',
      {
        config: { access: { row: 'automation_rules', at: 'params.id', need: 'edit' } },
        schema: {
          ...common,
          summary: 'Change a rule: any of its fields; conditions and actions are replaced whole',
          description:
            'A webhook sent with the `id` it was answered with keeps its saved secret unless `secret` is sent ' +
            '(then replaced); one without `id` is a new webhook and needs its `secret`. 400 `unknown_webhook` for ' +
            "an id that is not one of this rule's webhooks, or the same id twice.",
          params: IdParams,
          body: UpdateRuleBody,
          response: { 200: RuleResponse, ...errors },
        },
      },
      async (request) => ({ rule: await updateRule(ctx, ownerOf(request), request.params.id, request.body) }),
    );

    app.delete(
      '/rules/:id',
      {
        config: { access: { row: 'automation_rules', at: 'params.id', need: 'edit' } },
        schema: {
          ...common,
          summary: 'Delete a rule and its runs',
          params: IdParams,
          response: { 200: OkResponse, ...errors },
        },
      },
      async (request) => {
        await deleteRule(ctx, ownerOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
