import {
  ApprovePostBody,
  BulkApproveBody,
  BulkApproveResult,
  ErrorBody,
  IdParams,
  PostResponse,
  RequestChangesBody,
} from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import { personActor } from '../../services/approval/approval-events';
import { approvePost, bulkApprove, requestChanges } from '../../services/approval/approve-post.service';

const common = { tags: ['posts'], security: [{ bearer: [] }] };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** The person approving, as the trail and the bell name them. */
const approver = (ctx: AppContext, request: FastifyRequest) => personActor(ctx, currentUser(request).id);

/** /api/posts/:id/approve, /api/posts/:id/request-changes, /api/posts/bulk/approve: approval before publishing. */
export const approvalRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.post(
      '/posts/:id/approve',
      {
        config: { access: { row: 'posts', at: 'params.id', need: 'approve' } },
        schema: {
          ...common,
          summary: 'Approve a post awaiting approval',
          description:
            'Owner, reviewer or client (403 `role_forbidden` for an editor). The post becomes `scheduled`, due at ' +
            'its time; one whose time passed while it waited (`approval_overdue`) is published at once, unless ' +
            '`scheduledAt` gives it a new time (400 `scheduled_in_past`, `scheduled_too_far`). 409 ' +
            '`not_awaiting_approval` for a post that is not (or no longer: approved, changed back, cancelled) ' +
            'awaiting approval. Written to Activity; its author and the other approvers are told (bell, live).',
          params: IdParams,
          body: ApprovePostBody.nullish(),
          response: { 200: PostResponse, ...errors },
        },
      },
      async (request) => ({
        post: await approvePost(ctx, await approver(ctx, request), request.params.id, request.body ?? {}),
      }),
    );

    app.post(
      '/posts/:id/request-changes',
      {
        config: { access: { row: 'posts', at: 'params.id', need: 'approve' } },
        schema: {
          ...common,
          summary: 'Ask for changes to a post awaiting approval',
          description:
            'Owner, reviewer or client. The post stays `awaiting_approval`, never published, with `error.code` ' +
            '`changes_requested` and the comment as its message until it is changed or approved. 409 ' +
            '`not_awaiting_approval` otherwise. Written to Activity; its author and the approvers are told.',
          params: IdParams,
          body: RequestChangesBody,
          response: { 200: PostResponse, ...errors },
        },
      },
      async (request) => ({
        post: await requestChanges(ctx, await approver(ctx, request), request.params.id, request.body.comment),
      }),
    );

    app.post(
      '/posts/bulk/approve',
      {
        config: { access: { rows: 'posts', at: 'body.postIds', need: 'approve' } },
        schema: {
          ...common,
          summary: 'Approve several posts awaiting approval',
          description:
            'Each post as POST /api/posts/{id}/approve without a new time. Those not awaiting approval (any more) ' +
            'are left as they are and listed in `skipped` with their status.',
          body: BulkApproveBody,
          response: { 200: BulkApproveResult, ...errors },
        },
      },
      async (request) => bulkApprove(ctx, await approver(ctx, request), request.body.postIds),
    );
  };
