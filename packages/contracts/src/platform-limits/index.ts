export * from './types';
export * from './platform-rules';
export * from './validate';
export * from './violation';
export { COUNTING_NOTE } from './text-checks';
export { FIRST_COMMENT_LIMITS, checkFirstComment, takesFirstComment } from './first-comment';
export {
  codePointLength,
  countHashtags,
  countMentions,
  utf16Length,
  utf8ByteLength,
  youtubeTagsLength,
} from './text-count';
export { X_MAX_WEIGHTED_LENGTH, X_URL_LENGTH, xWeightedLength } from './x-weighted-length';
export {
  TIKTOK_DISCLOSURE_TEXT,
  TIKTOK_PRIVACY_LABELS,
  TIKTOK_PRIVACY_LEVELS,
  tiktokBrandToggles,
  TikTokOptions,
} from './tiktok.rules';
export {
  YOUTUBE_MAX_PLAYLISTS,
  YOUTUBE_PRIVACY,
  YOUTUBE_UNVERIFIED_PROJECT_TEXT,
  YouTubeOptions,
} from './youtube.rules';
export { InstagramOptions } from './instagram.rules';
export { FACEBOOK_KINDS, FacebookOptions } from './facebook.rules';
export { X_REPLY_SETTINGS, XOptions } from './x.rules';
export { RedditOptions } from './reddit.rules';
export { buildCaption, hashtagsOf, postCaption, type CaptionSource } from './caption-builder';
export {
  CommunityParams,
  RedditCommunityRules,
  RedditCommunityRulesResponse,
  RedditFlair,
  redditCommunityViolations,
} from './reddit-community';
export { planFit, targetVideoLimits, verticalSurface } from './fit-plan';
export type { FitChoices, FitFacts, FitPlan, FitResult, FitTarget } from './fit-plan';
