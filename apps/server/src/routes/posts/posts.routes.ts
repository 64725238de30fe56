import {
  BulkScheduleBody,
  BulkValidationFailedBody,
  CreatePostsBody,
  ErrorBody,
  IdParams,
  PostList,
  PostPage,
  PostResponse,
  PostsQuery,
  RetryPostBody,
  UpdatePostBody,
  ValidationFailedBody,
} from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ownerOf } from '../../http/access-guard';
import { requireAuth } from '../../http/auth-guard';
import { postAuthorOf } from '../../http/post-author';
import { bulkSchedule } from '../../services/posts/bulk-schedule.service';
import { cancelPost, updatePost } from '../../services/posts/change-post.service';
import { createPosts } from '../../services/posts/create-posts.service';
import { getPost, listPosts, listVideoPosts } from '../../services/posts/post-queries.service';
import { retryFirstComment } from '../../services/posts/retry-first-comment.service';
import { retryPost } from '../../services/posts/retry-post.service';
import { PostViolationsError } from '../../services/posts/post-validation';

const common = { tags: ['posts'], security: [{ bearer: [] }] };
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
/** A request that breaks platform rules lists them all; other bad input is a plain `{error, code}`. */
const invalidPost = z.union([ValidationFailedBody, ErrorBody]);
const invalidBulk = z.union([BulkValidationFailedBody, ErrorBody]);

/** /api/videos/:id/posts and /api/posts: make, list, change, cancel and retry posts. */
export const postsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));
    // Broken platform rules carry their list; any other error goes on to the app's error handler.
    app.setErrorHandler((err, _request, reply) => {
      if (!(err instanceof PostViolationsError)) throw err;
      return reply.code(400).send({ error: err.message, code: 'validation_failed', violations: err.violations });
    });

    app.post(
      '/videos/:id/posts',
      {
        config: { access: { row: 'videos', at: 'params.id', need: 'edit' } },
        schema: {
          ...common,
          summary: 'Publish a video now, or schedule it, to some of its project’s connected platforms',
          description:
            'One post per target, all or none. A target names its account with `connectionId` (a connection of ' +
            'the project, of its platform: 404 otherwise, 400 `connection_platform_mismatch` for another ' +
            "platform's); it may leave it out when the project has one account of the platform, else 409 " +
            '`connection_required` naming the platform. No time: now. `scheduledAt`: an instant; `scheduledLocal`: a ' +
            "wall-clock time in the user's zone (a skipped one is refused, a repeated one needs `disambiguation`). " +
            '400 `validation_failed` lists every broken platform rule of every target; 409 `not_connected`, ' +
            '`connection_required`, `needs_reconnect`, `already_posted` (a post of the video on that account ' +
            'waiting, under way or live), `details_incomplete`. A target with `renditionId` or `fit: true` sends ' +
            'a fitting copy and is checked against the copy (400 `rendition_mismatch`, 409 `rendition_failed`); ' +
            'due before the copy is ready, the post waits `scheduled` with `progress.step` `rendering`. In a ' +
            'project that needs approval, posts made by an editor or with a personal API token (the owner’s too) ' +
            'are `awaiting_approval`: never published until approved (POST /api/posts/{id}/approve).',
          params: IdParams,
          body: CreatePostsBody,
          response: { 201: PostList, ...errors, 400: invalidPost, 409: ErrorBody },
        },
      },
      async (request, reply) =>
        reply.code(201).send({
          posts: await createPosts(ctx, ownerOf(request), request.params.id, request.body, postAuthorOf(request)),
        }),
    );

    app.get(
      '/videos/:id/posts',
      {
        config: { access: { row: 'videos', at: 'params.id', need: 'see_posts' } },
        schema: {
          ...common,
          summary: "A video's posts, newest time first",
          params: IdParams,
          response: { 200: PostList, ...errors },
        },
      },
      async (request) => ({ posts: await listVideoPosts(ctx, ownerOf(request), request.params.id) }),
    );

    app.get(
      '/posts',
      {
        config: { access: { project: 'query.project_id', need: 'see_posts' } },
        schema: {
          ...common,
          summary: "A project's posts, newest time first, a page at a time",
          description:
            '`from` (inclusive) and `to` (exclusive) filter on `scheduledAt`. `limit` defaults to 50, at most 100, ' +
            'or 1,000 when both `from` and `to` are given. Pass `nextCursor` back as `cursor` for the next page. ' +
            "`connection_id`: one account's posts (404 for an id that is not a connection of the project).",
          querystring: PostsQuery,
          response: { 200: PostPage, ...errors },
        },
      },
      async (request) => listPosts(ctx, ownerOf(request), request.query),
    );

    app.post(
      '/posts/bulk',
      {
        config: { access: { rows: 'videos', at: 'body.videoIds', need: 'edit' } },
        schema: {
          ...common,
          summary: 'Schedule several videos of one project to the same platforms, spaced in time',
          description:
            'The i-th video at `scheduledAt` + i × `intervalMinutes`, to each platform: the accounts of it named ' +
            'in `connectionIds`, else its only account (409 `connection_required` when it has several). `fit: ' +
            'true`: every post sends its default fitting copy (as `targets[].fit`). `firstComment`: one text for ' +
            'every platform, or `{<platform>: text}` per platform, checked as `targets[].firstComment` (TikTok ' +
            'takes none). All or nothing: 400 `validation_failed` lists every broken rule with its `videoId`. ' +
            'Made by an editor or an API token in a project that needs approval: `awaiting_approval`.',
          body: BulkScheduleBody,
          response: { 201: PostList, ...errors, 400: invalidBulk, 409: ErrorBody },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ posts: await bulkSchedule(ctx, ownerOf(request), request.body, postAuthorOf(request)) }),
    );

    app.get(
      '/posts/:id',
      {
        config: { access: { row: 'posts', at: 'params.id', need: 'see_posts' } },
        schema: { ...common, summary: 'One post', params: IdParams, response: { 200: PostResponse, ...errors } },
      },
      async (request) => ({ post: await getPost(ctx, ownerOf(request), request.params.id) }),
    );

    app.patch(
      '/posts/:id',
      {
        config: { access: { row: 'posts', at: 'params.id', need: 'edit' } },
        schema: {
          ...common,
          summary: 'Change a scheduled post: its caption, options, time, first comment or fitting copy',
          description:
            'Only before it starts, `scheduled` or `awaiting_approval` (409 `post_started` after, `post_cancelled` ' +
            'once cancelled), and while its ' +
            'account is connected (409 `needs_reconnect` while it waits for a reconnect; cancelling stays open). ' +
            'Checked as POST /api/videos/{id}/posts checks a post: 400 `validation_failed` against the file it ' +
            "sends (its copy's facts when it sends one). `renditionId` (null: the video as uploaded) or `fit` " +
            '(true: the default copy; false: the video as uploaded) change the copy, with the same refusals as ' +
            'creating (400 `rendition_mismatch`, `rendition_and_fit`, 409 `rendition_failed`); due before the new ' +
            'copy is ready, the post waits `scheduled` with `progress.step` `rendering`. `firstComment` sets, ' +
            'changes or (null, blank) clears the first comment: TikTok takes none (400), 409 ' +
            '`reconnect_to_allow` when the account may not comment, 409 `first_comment_sent` once the comment is ' +
            'being sent, posted or failed. In a project that needs approval, a change by an editor or an API ' +
            'token (caption, options, time, copy) makes the post `awaiting_approval` again.',
          params: IdParams,
          body: UpdatePostBody,
          response: { 200: PostResponse, ...errors, 400: invalidPost, 409: ErrorBody },
        },
      },
      async (request) => ({
        post: await updatePost(ctx, ownerOf(request), request.params.id, request.body, postAuthorOf(request)),
      }),
    );

    app.delete(
      '/posts/:id',
      {
        config: { access: { row: 'posts', at: 'params.id', need: 'edit' } },
        schema: {
          ...common,
          summary: 'Cancel a post before it starts',
          description: '409 `post_started` once it has started.',
          params: IdParams,
          response: { 200: PostResponse, ...errors, 409: ErrorBody },
        },
      },
      async (request) => ({
        post: await cancelPost(ctx, ownerOf(request), request.params.id, request.access!.actorId),
      }),
    );

    app.post(
      '/posts/:id/retry',
      {
        config: { access: { row: 'posts', at: 'params.id', need: 'edit' } },
        schema: {
          ...common,
          summary: 'Publish a failed or unconfirmed post again, corrected first if need be',
          description:
            'No body: it resumes where it stopped; an unconfirmed one is looked up on the platform before ' +
            'anything is posted. A body may correct its `caption` (null: the built one) and `options`, checked ' +
            "against the platform's rules like a new post (400 `validation_failed`), and give a time " +
            '(`scheduledAt` or `scheduledLocal`): it then waits, `scheduled`, until that time. A corrected post ' +
            'starts over so every step sends the correction; where the first version may already be on the ' +
            'platform it is looked up first, and published as the platform has it if it is there. 409 ' +
            '`post_on_platform` when the platform has taken the post and a correction can no longer reach it; ' +
            '`not_retryable` for any status but failed and unconfirmed; `already_posted`, `not_connected`, ' +
            '`needs_reconnect`. A post whose fitting copy failed asks for the copy again and waits for it. In a ' +
            "project that needs approval, an editor's retry (or one made with an API token) is " +
            '`awaiting_approval` instead, at its time or now, until an approver approves it.',
          params: IdParams,
          // No body at all reaches the validator as null.
          body: RetryPostBody.nullish(),
          response: { 200: PostResponse, ...errors, 400: invalidPost, 409: ErrorBody },
        },
      },
      async (request) => ({
        post: await retryPost(ctx, ownerOf(request), request.params.id, request.body ?? {}, postAuthorOf(request)),
      }),
    );

    app.post(
      '/posts/:id/first-comment/retry',
      {
        config: { access: { row: 'posts', at: 'params.id', need: 'edit' } },
        schema: {
          ...common,
          summary: "Send a published post's failed first comment again",
          description:
            'Only the comment is sent again; the post stays as it is on the platform. A `comment_unconfirmed` ' +
            'comment (its answer was lost) is looked for on the platform first: found there, it is marked posted; ' +
            'not there, it is sent; where the platform cannot be asked, it is sent. 409 `not_retryable` unless ' +
            'the comment failed.',
          params: IdParams,
          response: { 200: PostResponse, ...errors, 409: ErrorBody },
        },
      },
      async (request) => ({ post: await retryFirstComment(ctx, ownerOf(request), request.params.id) }),
    );
  };
