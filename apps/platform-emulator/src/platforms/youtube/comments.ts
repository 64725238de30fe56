import type { EmulatorContext, RouteApi } from '../../core/context';
import { json } from '../../core/http';
import { authorizeCall } from './access';
import { accountById } from './accounts';
import { googleError, parameterError } from './envelopes';
import { etag, videos } from './records';
import { API_HOSTS } from './upload';

/** A top-level comment's longest text (YouTube's published comment limit; the discovery document gives none). */
export const COMMENT_MAX = 10_000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * commentThreads.insert (youtube.v3.json: POST youtube/v3/commentThreads, `part` required, scope
 * youtube.force-ssl only): a CommentThread whose snippet names the video and carries the top-level comment's
 * `textOriginal`. A video that does not exist, or that the account cannot see (another channel's private one),
 * is 404 videoNotFound.
 */
export function registerComments(api: RouteApi, ctx: EmulatorContext) {
  for (const host of API_HOSTS) {
    api.route('POST', host, '/youtube/v3/commentThreads', 'comment', async (req) => {
      const auth = authorizeCall(ctx, req, 'youtube.commentThreads.insert');
      if (!auth.ok) return auth.response;
      const parts = (req.query.get('part') ?? '').split(',').map((p) => p.trim());
      if (!parts.includes('snippet'))
        return parameterError('required', "Required parameter: part must include 'snippet'", 'part');
      const body = await req.json();
      const snippet = isObject(body) && isObject(body.snippet) ? body.snippet : undefined;
      const top = snippet && isObject(snippet.topLevelComment) ? snippet.topLevelComment : undefined;
      const text = top && isObject(top.snippet) ? top.snippet.textOriginal : undefined;
      const videoId = snippet?.videoId;
      if (typeof videoId !== 'string' || typeof text !== 'string' || !text.trim())
        return googleError(
          400,
          'invalidCommentMetadata',
          'The request metadata is invalid: a video id and a text are required.',
        );
      if ([...text].length > COMMENT_MAX)
        return googleError(
          400,
          'commentTextTooLong',
          'The comment resource that is being inserted contains too many characters in the textOriginal property.',
        );
      const video = videos(ctx).get(videoId);
      if (!video || (video.accountId !== auth.token.accountId && video.status.privacyStatus === 'private'))
        return googleError(404, 'videoNotFound', 'The video identified by the videoId parameter could not be found.');
      const channel = accountById(auth.token.accountId);
      const id = `Ug${videoId}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
      ctx.published.comment({ platform: 'youtube', id, postId: videoId, accountId: auth.token.accountId, text });
      const comment = {
        kind: 'youtube#comment',
        id,
        snippet: {
          videoId,
          textOriginal: text,
          textDisplay: text,
          authorDisplayName: channel?.title ?? '',
          authorChannelId: { value: auth.token.accountId },
          publishedAt: new Date(ctx.now()).toISOString(),
        },
      };
      const thread = {
        kind: 'youtube#commentThread',
        id,
        snippet: { videoId, channelId: video.accountId, topLevelComment: comment, totalReplyCount: 0, isPublic: true },
      };
      return json(200, { ...thread, etag: etag(thread) });
    });
  }
}
