import type { MediaChecks } from './media-checks';
import type { MediaFacts } from './media-facts';
import type { Store } from './store';

/** A post that went live on an emulated platform, as `GET /_control/published` lists it. */
export interface PublishedItem {
  platform: string;
  id: string;
  url: string;
  accountId: string;
  title: string;
  caption: string;
  bytes: number;
  sha256: string;
  publishedAt: string;
  /** The privacy the platform applied, in its own spelling, where it may differ from the one asked for. */
  privacy?: string;
  /** The blob holding the video, for the post page's player. */
  blobId?: string;
  /** The cover the platform was given: a frame (ms from the start) or an image (its bytes' size and SHA-256). */
  cover?: PublishedCover;
  /** What ffprobe read from the bytes the platform received (codec, size, frame rate, duration), when it read them. */
  media?: MediaFacts;
  /** The caption tracks the platform was given after the post went live, in the order they came. */
  captions?: PublishedCaption[];
}

export interface PublishedCaption {
  language: string;
  name?: string;
  /** srt, vtt, or unknown when the platform could not tell. */
  format: string;
  cueCount: number;
}

export interface PublishedCover {
  frameMs?: number;
  imageBytes?: number;
  imageSha256?: string;
  /** Where the platform fetched the image from, when it took it by address. */
  imageUrl?: string;
}

/** A comment an account posted under a live post, as `GET /_control/comments` lists it. */
export interface CommentItem {
  platform: string;
  id: string;
  /** The platform's id of the post it is under. */
  postId: string;
  accountId: string;
  text: string;
  postedAt: string;
}

export class Published {
  constructor(
    private readonly store: Store,
    private readonly media?: MediaChecks,
  ) {}

  private get commentItems() {
    return this.store.collection<CommentItem & { seq: number }>('_comments');
  }

  /** Records a comment made under a post (every platform's comment endpoint calls this once per comment). */
  comment(item: Omit<CommentItem, 'postedAt'> & { postedAt?: string }): CommentItem {
    const full = { ...item, postedAt: item.postedAt ?? new Date().toISOString() };
    this.commentItems.set(`${item.platform}:${item.id}`, { ...full, seq: this.commentItems.values().length });
    return full;
  }

  comments(): CommentItem[] {
    return this.commentItems
      .values()
      .sort((a, b) => a.seq - b.seq)
      .map(({ seq: _seq, ...rest }) => rest);
  }

  private get items() {
    return this.store.collection<PublishedItem & { seq: number }>('_published');
  }

  /**
   * Records a live post with the size and SHA-256 of the bytes the platform received: hashed as they arrived,
   * never read back whole (a video of hundreds of MB would sit in memory once per platform).
   */
  record(item: Omit<PublishedItem, 'bytes' | 'sha256' | 'publishedAt'> & { blobId: string; publishedAt?: string }) {
    const facts = this.media?.facts(item.blobId);
    const full = {
      ...item,
      ...(facts ? { media: facts } : {}),
      bytes: this.store.blobSize(item.blobId),
      sha256: this.store.blobSha256(item.blobId),
      publishedAt: item.publishedAt ?? new Date().toISOString(),
      seq: this.items.values().length,
    };
    return this.items.set(`${item.platform}:${item.id}`, full);
  }

  /** The cover a platform took after the post went live (YouTube's thumbnails.set). */
  setCover(platform: string, id: string, cover: PublishedCover): void {
    this.items.update(`${platform}:${id}`, (item) => {
      item.cover = cover;
    });
  }

  /** A caption track a platform took for a live post (YouTube's captions.insert, Facebook's captions edge). */
  addCaption(platform: string, id: string, caption: PublishedCaption): void {
    this.items.update(`${platform}:${id}`, (item) => {
      item.captions = [...(item.captions ?? []), caption];
    });
  }

  get(platform: string, id: string): PublishedItem | undefined {
    return this.items.get(`${platform}:${id}`);
  }

  list(): PublishedItem[] {
    return this.items
      .values()
      .sort((a, b) => a.seq - b.seq)
      .map(({ seq: _seq, ...rest }) => rest);
  }
}

/**
 * Engagement that grows with a post's age, the same for everyone who asks at the same moment: views,
 * likes, comments and shares as whole numbers.
 */
export function grownMetrics(publishedAt: string, now: number, seed = 1) {
  const minutes = Math.max(0, (now - Date.parse(publishedAt)) / 60_000);
  const views = Math.floor(minutes * 7 * seed + Math.sqrt(minutes) * 13);
  return {
    views,
    likes: Math.floor(views / 9),
    comments: Math.floor(views / 40),
    shares: Math.floor(views / 70),
  };
}
