import type { EmulatorContext } from '../../core/context';
import { grownMetrics } from '../../core/published';
import { accountById, profileImage, type XAccount } from './accounts';
import type { Fields } from './fields';
import { kindOf, mediaRecords } from './media-store';

/** A post as the emulator keeps it. */
export interface TweetRecord {
  id: string;
  authorId: string;
  text: string;
  mediaIds: string[];
  mediaKeys: string[];
  createdAt: number;
  seq: number;
  /** The post this one replies to (CreatePostsReply.in_reply_to_tweet_id). */
  inReplyToId?: string;
}

export const tweets = (ctx: EmulatorContext) => ctx.store.collection<TweetRecord>('x.tweets');

const iso = (ms: number) => new Date(ms).toISOString();

export function tweetMetrics(ctx: EmulatorContext, t: TweetRecord) {
  const m = grownMetrics(iso(t.createdAt), ctx.now());
  const reposts = m.shares;
  return {
    // The OpenAPI document says repost_count; the API has long said retweet_count. Both are given.
    retweet_count: reposts,
    repost_count: reposts,
    reply_count: m.comments,
    like_count: m.likes,
    quote_count: Math.floor(reposts / 2),
    bookmark_count: Math.floor(m.likes / 4),
    impression_count: m.views,
  };
}

/** The id of the post that started the thread a post is in (Post.conversation_id): its own for a post. */
function conversationOf(ctx: EmulatorContext, t: TweetRecord): string {
  let root = t;
  for (let parent = t.inReplyToId; parent !== undefined; parent = root.inReplyToId) {
    const up = tweets(ctx).get(parent);
    if (!up) break;
    root = up;
  }
  return root.id;
}

/** A Post with the default fields (id, text) and those asked for that the emulator knows. */
export function renderTweet(ctx: EmulatorContext, t: TweetRecord, f: Fields, viewerId: string) {
  const want = (x: string) => f['tweet.fields']?.has(x) ?? false;
  const own = t.authorId === viewerId;
  const metrics = tweetMetrics(ctx, t);
  return {
    id: t.id,
    text: t.text,
    ...(want('attachments') && t.mediaKeys.length ? { attachments: { media_keys: t.mediaKeys } } : {}),
    ...(want('author_id') ? { author_id: t.authorId } : {}),
    ...(want('conversation_id') ? { conversation_id: conversationOf(ctx, t) } : {}),
    ...(want('referenced_tweets') && t.inReplyToId
      ? { referenced_tweets: [{ type: 'replied_to', id: t.inReplyToId }] }
      : {}),
    ...(want('in_reply_to_user_id') && t.inReplyToId && tweets(ctx).get(t.inReplyToId)
      ? { in_reply_to_user_id: tweets(ctx).get(t.inReplyToId)!.authorId }
      : {}),
    ...(want('created_at') ? { created_at: iso(t.createdAt) } : {}),
    ...(want('lang') ? { lang: 'en' } : {}),
    ...(want('possibly_sensitive') ? { possibly_sensitive: false } : {}),
    ...(want('reply_settings') ? { reply_settings: 'everyone' } : {}),
    ...(want('public_metrics') ? { public_metrics: metrics } : {}),
    ...(want('non_public_metrics') && own
      ? {
          non_public_metrics: {
            impression_count: metrics.impression_count,
            url_link_clicks: 0,
            user_profile_clicks: 0,
          },
        }
      : {}),
    ...(want('organic_metrics') && own
      ? {
          organic_metrics: {
            impression_count: metrics.impression_count,
            like_count: metrics.like_count,
            reply_count: metrics.reply_count,
            retweet_count: metrics.retweet_count,
            url_link_clicks: 0,
            user_profile_clicks: 0,
          },
        }
      : {}),
  };
}

/** A User with the defaults (id, name, username) and the fields asked for. */
export function renderUser(ctx: EmulatorContext, a: XAccount, f: Fields) {
  const want = (x: string) => f['user.fields']?.has(x) ?? false;
  const posts = tweets(ctx)
    .values()
    .filter((t) => t.authorId === a.id).length;
  return {
    id: a.id,
    name: a.name,
    username: a.username,
    ...(want('profile_image_url') ? { profile_image_url: profileImage(ctx, a) } : {}),
    ...(want('created_at') ? { created_at: a.createdAt } : {}),
    ...(want('description') ? { description: a.description } : {}),
    ...(want('protected') ? { protected: false } : {}),
    ...(want('verified') ? { verified: false } : {}),
    ...(want('public_metrics')
      ? { public_metrics: { followers_count: 0, following_count: 0, post_count: posts, listed_count: 0 } }
      : {}),
  };
}

const MEDIA_TYPE = { video: 'video', gif: 'animated_gif', image: 'photo', other: 'photo' } as const;

/** `includes` for the expansions asked: the posts' media and authors. */
export function renderIncludes(ctx: EmulatorContext, list: TweetRecord[], f: Fields) {
  const out: Record<string, unknown[]> = {};
  if (f.expansions?.has('attachments.media_keys')) {
    const want = (x: string) => f['media.fields']?.has(x) ?? false;
    const media = list.flatMap((t) =>
      t.mediaIds.map((id) => {
        const m = mediaRecords(ctx).get(id)!;
        const type = MEDIA_TYPE[kindOf(m.category)];
        return {
          media_key: m.mediaKey,
          type,
          ...(want('preview_image_url') ? { preview_image_url: ctx.avatarUrl('x', m.id) } : {}),
          ...(want('url') && type === 'photo' ? { url: ctx.mediaUrl(m.blobId) } : {}),
          ...(want('public_metrics') && type === 'video'
            ? { public_metrics: { view_count: tweetMetrics(ctx, t).impression_count } }
            : {}),
        };
      }),
    );
    if (media.length) out.media = media;
  }
  if (f.expansions?.has('author_id')) {
    const authors = [...new Set(list.map((t) => t.authorId))]
      .map((id) => accountById(id))
      .filter((a) => a !== undefined);
    if (authors.length) out.users = authors.map((a) => renderUser(ctx, a, f));
  }
  return Object.keys(out).length ? { includes: out } : {};
}
