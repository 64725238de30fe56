import { FitRequest, Id, UpdateVideoBody, VideoSort, VideoStatus, VIDEOS_PAGE_MAX } from '@fanout/contracts';
import { z } from 'zod';
import type { Schemas } from '../api/client';
import { call, defineTool, plural, postSummary } from './tool-kit';

const videoLine = (v: Schemas['Video']) =>
  `${v.id} "${v.title}" ${v.status}, ${v.duration}, ${v.width ?? '?'}x${v.height ?? '?'}` +
  (v.platformPosts.length ? `; ${v.platformPosts.map((p) => `${p.platform} ${p.status}`).join(', ')}` : '');

/** The library: find videos, read one with its posts, change its details, and ask how it fits a platform. */
export const videoTools = [
  defineTool({
    name: 'list_videos',
    title: 'List or search videos',
    description:
      'Lists a project’s videos, newest first, a page at a time. `query` matches anywhere in the title (any ' +
      'case); `status` and `tag` narrow it. Pass `nextCursor` back as `cursor` for the next page.',
    readOnly: true,
    input: {
      projectId: Id.describe('The project (list_projects).'),
      query: z.string().trim().max(200).optional().describe('Words in the title.'),
      status: VideoStatus.optional(),
      tag: z.string().trim().min(1).max(100).optional(),
      sort: VideoSort.optional(),
      limit: z.number().int().min(1).max(VIDEOS_PAGE_MAX).optional().describe('Default 50.'),
      cursor: z.string().max(300).optional(),
    },
    async run({ api }, args) {
      const page = await call(
        api.GET('/api/videos', {
          params: {
            query: {
              project_id: args.projectId,
              q: args.query,
              status: args.status,
              tag: args.tag,
              sort: args.sort,
              limit: args.limit ?? 50,
              cursor: args.cursor,
            },
          },
        }),
      );
      const { videos, nextCursor, total } = page as {
        videos: Schemas['Video'][];
        nextCursor: string | null;
        total: number;
      };
      return {
        data: { videos, nextCursor, total },
        text: videos.length
          ? [
              `${plural(total, 'video')}${nextCursor ? ' (more: pass nextCursor as cursor)' : ''}:`,
              ...videos.map(videoLine),
            ].join('\n')
          : 'No videos match.',
      };
    },
  }),
  defineTool({
    name: 'get_video',
    title: 'Get a video with its posts',
    description:
      'Reads one video (title, description, tags, size, duration, codecs, status) and every post of it with ' +
      'its platform, account, status, time and link once live.',
    readOnly: true,
    input: { videoId: Id },
    async run({ api }, { videoId }) {
      const path = { params: { path: { id: videoId } } };
      const { video } = await call(api.GET('/api/videos/{id}', path));
      const { posts } = await call(api.GET('/api/videos/{id}/posts', path));
      return {
        data: { video, posts },
        text: [videoLine(video), ...posts.map(postSummary)].join('\n'),
      };
    },
  }),
  defineTool({
    name: 'update_video',
    title: 'Update a video’s details',
    description:
      'Changes a video’s title, description, tags or intended platforms (only the fields given). The caption ' +
      'of a post is built from these details unless the post gives its own. `status: "ready"` marks the details ' +
      'complete.',
    readOnly: false,
    input: { videoId: Id, ...UpdateVideoBody.shape },
    async run({ api }, { videoId, ...body }) {
      const { video } = await call(
        api.PATCH('/api/videos/{id}', { params: { path: { id: videoId } }, body: body as never }),
      );
      return { data: { video }, text: `Saved: ${videoLine(video)}` };
    },
  }),
  defineTool({
    name: 'check_fit',
    title: 'Check how a video fits a platform',
    description:
      'Checks a video against one connected account’s platform rules (size, length, shape, codecs) and plans ' +
      'the copy that would fit: `fits` says whether it can go as it is, `violations` what it breaks, and the ' +
      'steps of the copy. Nothing is made; post with `fit: true` on the target to send the fitting copy.',
    readOnly: true,
    input: { videoId: Id, ...FitRequest.shape },
    async run({ api }, { videoId, ...body }) {
      const fit = await call(
        api.POST('/api/videos/{id}/fit', { params: { path: { id: videoId } }, body: body as never }),
      );
      const f = fit as { fits?: boolean; violations?: { message: string }[] };
      const broken = f.violations?.map((v) => `- ${v.message}`) ?? [];
      return {
        data: fit as Record<string, unknown>,
        text: [f.fits ? 'Fits as it is.' : 'Needs a fitting copy.', ...broken].join('\n'),
      };
    },
  }),
];
