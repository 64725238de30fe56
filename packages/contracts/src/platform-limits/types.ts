import type { z } from 'zod';
import type { PlatformKey } from '../platforms';

/** What the server knows of an uploaded video. null = unknown: a rule that needs the fact is not applied. */
export interface VideoFacts {
  durationSeconds: number | null;
  sizeBytes: number | null;
  width: number | null;
  height: number | null;
  fps: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  mimeType: string | null;
}

/** The texts of one post to one platform, and that platform's options (see each platform's options schema). */
export interface PostFields {
  /** The video's title (YouTube's title, a Facebook Page video's title). */
  title: string;
  /** The text that fills the platform's own field: TikTok title, Instagram caption, X text, Reddit title… */
  caption: string;
  tags: readonly string[];
  options?: unknown;
  /** The comment posted under the post once it is live (first-comment.ts); absent or blank: none. */
  firstComment?: string;
}

/** What is known of the connected account (TikTok's creator_info); absent facts change nothing. */
export interface AccountFacts {
  /** The longest video this account may post, when the platform says (creator_info). */
  maxDurationSeconds?: number | null;
  /** The privacy levels this account may choose, when the platform says (creator_info). */
  privacyLevelOptions?: readonly string[] | null;
  /** This server's live TikTok app has not passed the Direct Post audit (TIKTOK_AUDITED): only SELF_ONLY. */
  tiktokUnaudited?: boolean;
}

export type ViolationField = 'caption' | 'title' | 'firstComment' | 'tags' | 'video' | 'options' | `options.${string}`;

export interface PlatformViolation {
  platform: PlatformKey;
  field: ViolationField;
  /** Stable id, e.g. 'caption.max_length', 'video.duration_max', 'options.required'. */
  rule: string;
  /** Names the platform and the rule in words a person understands. */
  message: string;
}

export type Breach = Omit<PlatformViolation, 'platform'>;

/** Inclusive bounds; null = no bound. */
export interface Bounds {
  min: number | null;
  max: number | null;
}

export interface VideoLimits {
  /** How messages name what these limits apply to: 'TikTok', 'Facebook Reels'. */
  name: string;
  durationSeconds: Bounds;
  sizeBytes: Bounds;
  width: Bounds;
  height: Bounds;
  /**
   * A frame read either way round (X's 1280×1024 also takes a 720×1280 portrait): the long side at most
   * `longSide`, the short side at most `shortSide`. Absent where width and height are bounded as they are.
   */
  box?: { longSide: number; shortSide: number };
  /** width ÷ height, with the bounds as people write them ('between 1:3 and 3:1'). */
  aspect: (Bounds & { label: string }) | null;
  fps: Bounds;
  /** null = any video type. */
  mimeTypes: readonly string[] | null;
  /** ffprobe codec names; null = any. */
  videoCodecs: readonly string[] | null;
  audioCodecs: readonly string[] | null;
}

/**
 * How a platform counts a text: `utf16` (JavaScript string length: emoji count 2), `codePoints` (one per
 * Unicode character), `utf8Bytes`, or `xWeighted` (twitter-text: URLs 23, CJK and emoji 2, the rest 1).
 */
export type Counting = 'utf16' | 'codePoints' | 'utf8Bytes' | 'xWeighted';

export interface TextLimits {
  /** What the platform calls the field, as in "a caption", "a post title". */
  label: string;
  max: number;
  counting: Counting;
  required: boolean;
  /** Characters the platform refuses in this text. */
  forbidden: readonly string[];
  hashtagsMax: number | null;
  mentionsMax: number | null;
}

export interface DailyCap {
  limit: number;
  windowHours: number;
  /** What is counted, in words: 'API posts per account'. */
  of: string;
}

/** One platform's table. Every figure in one place; the rules in validate.ts read nothing else. */
export interface PlatformLimits {
  platform: PlatformKey;
  /** The platform as messages name it. */
  name: string;
  video: VideoLimits;
  /** Video limits of another kind of post, picked by an option (Facebook Reels). */
  otherVideo: Readonly<Record<string, VideoLimits>>;
  caption: TextLimits;
  /** The video's title, when the platform takes one with rules of its own. */
  title: TextLimits | null;
  /** Total length of the tags as YouTube counts it: commas between tags, quotes around tags with spaces. */
  tagsMaxTotal: number | null;
  dailyCaps: readonly DailyCap[];
}

export interface PlatformRules<Options = Record<string, unknown>> {
  limits: PlatformLimits;
  options: z.ZodType<Options>;
  /** What the platform needs of each option, for messages: "TikTok needs <a privacy level: …>". */
  optionNeeds: Readonly<Record<string, string>>;
  /** The video limits that apply with these options; limits.video when absent or the options are invalid. */
  videoLimits?(options: Options): VideoLimits;
  /** Rules that look at the options together with the video or the account. */
  crossChecks?(input: { facts: VideoFacts; options: Options; account: AccountFacts }): Breach[];
}
