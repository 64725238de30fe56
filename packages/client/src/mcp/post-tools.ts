import { CreatePostsBody, Id, PlatformKey, POSTS_PAGE_MAX, PostStatus, RetryPostBody } from '@fanout/contracts';
import { z } from 'zod';
import { call, defineTool, plural, postSummary } from './tool-kit';

const Instant = z.iso.datetime({ offset: true });

/** Posts: make them (now, at a time, or queued), follow them, cancel and retry them. */
export const postTools = [
  defineTool({
    name: 'create_posts',
    title: 'Publish or schedule a video',
    description:
      'Makes one post of a video per target, all or none. Each target names a platform and, when the project ' +
      'has several accounts of it, the account (`connectionId`, list_accounts); it may carry its own `caption` ' +
      '(else one is built from the video’s details), platform `options` (e.g. TikTok `privacyLevel`), a ' +
      '`firstComment`, and `fit: true` to send a copy made to fit the platform. When: no time publishes now; ' +
      '`scheduledLocal` ("2026-12-01T09:00") is a wall-clock time in the person’s time zone; `scheduledAt` an ' +
      'ISO instant; `queue: true` the platform’s next free posting slot. A post that breaks a platform rule is ' +
      'refused with every broken rule listed: fix those and call again. In a project that needs approval the ' +
      'posts wait `awaiting_approval` until someone approves them.',
    readOnly: false,
    input: { videoId: Id.describe('The video (list_videos).'), ...CreatePostsBody.shape },
    async run({ api }, { videoId, ...body }) {
      const { posts } = await call(
        api.POST('/api/videos/{id}/posts', { params: { path: { id: videoId } }, body: body as never }),
      );
      return { data: { posts }, text: [`Made ${plural(posts.length, 'post')}:`, ...posts.map(postSummary)].join('\n') };
    },
  }),
  defineTool({
    name: 'list_posts',
    title: 'List posts',
    description:
      'Lists a project’s posts, newest time first, optionally only one `status` (scheduled, awaiting_approval, ' +
      'publishing, published, failed, cancelled, unconfirmed), one platform, or times between `from` ' +
      '(inclusive) and `to` (exclusive). Pass `nextCursor` back as `cursor` for the next page.',
    readOnly: true,
    input: {
      projectId: Id.describe('The project (list_projects).'),
      status: PostStatus.optional(),
      platform: PlatformKey.optional(),
      from: Instant.optional(),
      to: Instant.optional(),
      limit: z.number().int().min(1).max(POSTS_PAGE_MAX).optional().describe('Default 50.'),
      cursor: z.string().max(200).optional(),
    },
    async run({ api }, args) {
      const page = await call(
        api.GET('/api/posts', {
          params: {
            query: {
              project_id: args.projectId,
              status: args.status,
              platform: args.platform,
              from: args.from,
              to: args.to,
              limit: args.limit,
              cursor: args.cursor,
            },
          },
        }),
      );
      return {
        data: page,
        text: page.posts.length
          ? [...page.posts.map(postSummary), ...(page.nextCursor ? ['More: pass nextCursor as cursor.'] : [])].join(
              '\n',
            )
          : 'No posts.',
      };
    },
  }),
  defineTool({
    name: 'get_post',
    title: 'Get a post’s status',
    description:
      'Reads one post: its status (scheduled, awaiting_approval, publishing with `progress`, published with ' +
      'its `url`, failed with `error` saying why and whether a retry can help, cancelled, unconfirmed), time and ' +
      'account. Call it again to follow a post while it publishes.',
    readOnly: true,
    input: { postId: Id },
    async run({ api }, { postId }) {
      const { post } = await call(api.GET('/api/posts/{id}', { params: { path: { id: postId } } }));
      const why = post.error ? `: ${post.error.message}` : post.url ? ` ${post.url}` : '';
      return { data: { post }, text: `${postSummary(post)}${why}` };
    },
  }),
  defineTool({
    name: 'cancel_post',
    title: 'Cancel a post',
    description:
      'Cancels a post that has not started (scheduled or awaiting approval). One that has started cannot be.',
    readOnly: false,
    input: { postId: Id },
    async run({ api }, { postId }) {
      const { post } = await call(api.DELETE('/api/posts/{id}', { params: { path: { id: postId } } }));
      return { data: { post }, text: `Cancelled: ${postSummary(post)}` };
    },
  }),
  defineTool({
    name: 'retry_post',
    title: 'Retry a post',
    description:
      'Sends a failed or unconfirmed post again, optionally corrected first (a new `caption`, the whole set of ' +
      '`options`) and at a time (`scheduledLocal` or `scheduledAt`; none: now). It resumes where it stopped, so ' +
      'it never publishes twice.',
    readOnly: false,
    input: { postId: Id, ...RetryPostBody.shape },
    async run({ api }, { postId, ...body }) {
      const { post } = await call(
        api.POST('/api/posts/{id}/retry', { params: { path: { id: postId } }, body: body as never }),
      );
      return { data: { post }, text: `Sent again: ${postSummary(post)}` };
    },
  }),
];
