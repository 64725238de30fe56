import { randomBytes } from 'node:crypto';
import type { EmulatorContext } from '../../core/context';
import { processingFault } from '../../core/processing-faults';
import { grownMetrics } from '../../core/published';
import { redditorOf } from './accounts';

/** A submitted video post. */
export interface Post {
  id: string;
  accountId: string;
  sr: string;
  title: string;
  /** The media URL it was submitted with (what the listing's `data.url` shows). */
  url: string;
  posterUrl: string;
  /** The blob of the poster image uploaded for it. */
  posterBlobId?: string;
  assetId: string;
  blobId: string;
  nsfw: boolean;
  spoiler: boolean;
  /** sendreplies: the author gets reply notifications (Reddit's default). */
  sendReplies: boolean;
  /** The text of the link flair it was submitted with. */
  flairText?: string;
  createdAt: number;
  state: 'processing' | 'live' | 'failed';
  failReason?: string;
  publishedAt?: string;
}

export const posts = (ctx: EmulatorContext) => ctx.store.collection<Post>('reddit.posts');

export const newPostId = () => `1${Array.from(randomBytes(6), (b) => (b % 36).toString(36)).join('')}`;

/** Reddit's URL slug: the title's words, lower case, joined by underscores, cut to about 50 characters. */
export function slug(title: string): string {
  const words = title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  let out = '';
  for (const w of words) {
    if (out && out.length + w.length + 1 > 50) break;
    out = out ? `${out}_${w}` : w;
  }
  return out.slice(0, 50) || 'post';
}

export const permalink = (p: Post) => `/r/${p.sr}/comments/${p.id}/${slug(p.title)}/`;
export const postUrl = (ctx: EmulatorContext, p: Post) => ctx.pageUrl('www.reddit.com', permalink(p));

export const FAILED_PROCESSING = 'Your video failed to process.';

/** A post in processing goes live once no `slow_processing` fault holds it, or fails under `processing_failed`. */
export function settle(ctx: EmulatorContext, p: Post): Post {
  if (p.state !== 'processing') return p;
  const fault = processingFault(ctx, 'reddit', 'submit', p.id, { blobId: p.blobId, surface: 'reddit' });
  if (fault.state === 'held') return p;
  if (fault.state === 'failed')
    return posts(ctx).update(p.id, (x) => {
      x.state = 'failed';
      x.failReason = fault.message ?? FAILED_PROCESSING;
    })!;
  return goLive(ctx, p);
}

export function goLive(ctx: EmulatorContext, p: Post): Post {
  const publishedAt = new Date(ctx.now()).toISOString();
  posts(ctx).update(p.id, (x) => {
    x.state = 'live';
    x.publishedAt = publishedAt;
  });
  ctx.published.record({
    platform: 'reddit',
    id: p.id,
    url: postUrl(ctx, p),
    accountId: p.accountId,
    title: p.title,
    caption: '',
    blobId: p.blobId,
    publishedAt,
    // The poster (video_poster_url) is the cover Reddit shows before the video plays.
    ...(p.posterBlobId
      ? {
          cover: {
            imageBytes: ctx.store.blobSize(p.posterBlobId),
            imageSha256: ctx.store.blobSha256(p.posterBlobId),
          },
        }
      : {}),
  });
  return p;
}

/** A post as Reddit's listings show it (`kind: 't3'`). */
export function thing(ctx: EmulatorContext, p: Post) {
  const m = grownMetrics(p.publishedAt ?? new Date(p.createdAt).toISOString(), ctx.now(), 0.6);
  const ups = p.state === 'live' ? 1 + m.likes : 1;
  const profile = p.sr.startsWith('u_');
  return {
    kind: 't3',
    data: {
      id: p.id,
      name: `t3_${p.id}`,
      title: p.title,
      url: p.url,
      permalink: permalink(p),
      created: Math.floor(p.createdAt / 1000),
      created_utc: Math.floor(p.createdAt / 1000),
      subreddit: p.sr,
      subreddit_name_prefixed: profile ? `u/${p.sr.slice(2)}` : `r/${p.sr}`,
      subreddit_type: profile ? 'user' : 'public',
      author: redditorOf(p.accountId).name,
      author_fullname: `t2_${redditorOf(p.accountId).id}`,
      is_video: true,
      is_self: false,
      post_hint: 'hosted:video',
      over_18: p.nsfw,
      spoiler: p.spoiler,
      send_replies: p.sendReplies,
      link_flair_text: p.flairText ?? null,
      score: ups,
      ups,
      downs: 0,
      upvote_ratio: ups > 1 ? 0.96 : 1,
      num_comments: p.state === 'live' ? m.comments : 0,
      thumbnail: p.posterUrl,
      removed_by_category: null,
    },
  };
}

export function listing(children: unknown[], after: string | null = null) {
  return {
    kind: 'Listing',
    data: { after, dist: children.length, modhash: '', geo_filter: '', children, before: null },
  };
}
