import type { ParamTable } from '../meta/graph-params';

/**
 * What Instagram's Graph edges take, as the Meta SDK codegen specs list them (IGUserForIGOnlyAPI.json and
 * IGUser.json: `POST media`, `POST media_publish`; IGMedia.json: `GET insights`). The contract tests hold these
 * tables to those files. Enum values the specs only name come from Instagram's documents (`media_type`,
 * `upload_type`) and the SDK's enum of media insight metrics.
 */
export const MEDIA_PARAMS: ParamTable = {
  alt_text: { type: 'string' },
  audio_name: { type: 'string' },
  caption: { type: 'string' },
  children: { type: 'list<string>' },
  collaborators: { type: 'list<string>' },
  cover_url: { type: 'string' },
  image_url: { type: 'string' },
  is_carousel_item: { type: 'bool' },
  location_id: { type: 'string' },
  media_type: { type: 'string', values: ['REELS', 'STORIES', 'VIDEO'] },
  product_tags: { type: 'list<map>' },
  share_to_feed: { type: 'bool' },
  thumb_offset: { type: 'string' },
  trial_params: { type: 'map' },
  upload_type: { type: 'string', values: ['resumable'] },
  user_tags: { type: 'list<map>' },
  video_url: { type: 'string' },
};

export const MEDIA_PUBLISH_PARAMS: ParamTable = {
  creation_id: { type: 'unsigned int' },
};

/** shadowigmediainsights_metric_enum_param. */
export const MEDIA_INSIGHT_METRICS = [
  'clips_replays_count',
  'comments',
  'follows',
  'ig_reels_aggregated_all_plays_count',
  'ig_reels_avg_watch_time',
  'ig_reels_video_view_total_time',
  'impressions',
  'likes',
  'navigation',
  'plays',
  'profile_activity',
  'profile_visits',
  'reach',
  'replies',
  'saved',
  'shares',
  'total_interactions',
  'video_views',
  'views',
] as const;

/** Metrics the API no longer answers for media (since v22.0, April 2025): asking for one is an error 100. */
export const DEPRECATED_MEDIA_METRICS = [
  'clips_replays_count',
  'ig_reels_aggregated_all_plays_count',
  'impressions',
  'plays',
  'video_views',
];

export const INSIGHTS_PARAMS: ParamTable = {
  breakdown: { type: 'list<shadowigmediainsights_breakdown_enum_param>' },
  metric: { type: 'list<shadowigmediainsights_metric_enum_param>', values: MEDIA_INSIGHT_METRICS },
  period: { type: 'list<shadowigmediainsights_period_enum_param>' },
};

/** Fields of the nodes (IGUserForIGOnlyAPI.json, IGMedia.json, ShadowIGMediaBuilder.json). */
export const USER_FIELDS = [
  'account_type',
  'biography',
  'followers_count',
  'follows_count',
  'id',
  'media_count',
  'name',
  'profile_picture_url',
  'user_id',
  'username',
  'website',
] as const;

export const MEDIA_FIELDS = [
  'alt_text',
  'boost_eligibility_info',
  'caption',
  'comments_count',
  'copyright_check_information',
  'current_live_viewer_count',
  'has_poll',
  'has_slider',
  'id',
  'ig_id',
  'is_comment_enabled',
  'is_shared_to_feed',
  'legacy_instagram_media_id',
  'like_count',
  'media_product_type',
  'media_type',
  'media_url',
  'owner',
  'permalink',
  'shortcode',
  'thumbnail_url',
  'timestamp',
  'username',
  'video_title',
  'view_count',
] as const;

export const CONTAINER_FIELDS = ['copyright_check_status', 'id', 'status', 'status_code', 'video_status'] as const;

export const PUBLISHING_LIMIT_FIELDS = ['config', 'quota_usage'] as const;
