import type { EmuResponse } from '../../core/http';
import { invalidRequest } from './problems';

/** The values the OpenAPI document allows in each fields/expansions query parameter. */
// prettier-ignore
export const FIELD_ENUMS = {
  'tweet.fields': [
    'article', 'article_title', 'attachments', 'card_uri', 'community_id', 'context_annotations', 'conversation_id',
    'created_at', 'display_text_range', 'edit_controls', 'entities', 'geo', 'id', 'lang', 'matched_media_notes',
    'media_metadata', 'non_public_metrics', 'note_post', 'note_request_suggestions', 'organic_metrics',
    'paid_partnership', 'possibly_sensitive', 'promoted_metrics', 'public_metrics', 'reply_settings', 'scopes', 'source',
    'suggested_source_links', 'suggested_source_links_with_counts', 'text', 'withheld',
  ],
  'user.fields': [
    'confirmed_email', 'connection_status', 'created_at', 'description', 'entities', 'id', 'is_identity_verified',
    'location', 'name', 'parody', 'profile_banner_url', 'profile_image_url', 'protected', 'public_metrics',
    'receives_your_dm', 'subscribes_to_you', 'subscription', 'subscription_type', 'url', 'username', 'verified',
    'verified_followers_count', 'verified_type', 'withheld',
  ],
  'media.fields': [
    'alt_text', 'duration_ms', 'height', 'media_key', 'non_public_metrics', 'organic_metrics', 'preview_image_url',
    'promoted_metrics', 'public_metrics', 'type', 'url', 'variants', 'width',
  ],
  'poll.fields': ['duration_minutes', 'end_datetime', 'id', 'options', 'voting_status'],
  'place.fields': ['contained_within', 'country', 'country_code', 'full_name', 'geo', 'id', 'name', 'place_type'],
  /** PostExpansionsParameter. */
  expansions: [
    'article.cover_media', 'article.media_entities', 'attachments.media_keys', 'attachments.media_source_tweet',
    'attachments.poll_ids', 'author_id', 'edit_history_post_ids', 'entities.mentions.username', 'geo.place_id',
    'in_reply_to_user_id', 'referenced_posts', 'username',
  ],
  /** UserExpansionsParameter. */
  'user.expansions': ['affiliation', 'most_recent_post_id', 'pinned_post_id'],
} as const;

/**
 * Values the API takes that the OpenAPI document leaves out of its enums (it renames tweets to posts):
 * clients in use ask for them, so they are accepted too.
 */
export const API_EXTRAS: Partial<Record<keyof typeof FIELD_ENUMS, readonly string[]>> = {
  'tweet.fields': ['author_id', 'edit_history_tweet_ids', 'in_reply_to_user_id', 'referenced_tweets'],
  expansions: ['edit_history_tweet_ids', 'referenced_tweets.id', 'referenced_tweets.id.author_id'],
};

export type FieldParam = keyof typeof FIELD_ENUMS;
export type Fields = Partial<Record<FieldParam, Set<string>>>;

/**
 * Reads the query as X does: only the parameters the endpoint takes (`others`: its own, such as
 * max_results), each fields/expansions value one of the document's. `expansions` is read against `expansionsOf`.
 */
export function readFields(
  query: URLSearchParams,
  params: FieldParam[],
  others: string[] = [],
  expansionsOf: 'expansions' | 'user.expansions' = 'expansions',
): Fields | EmuResponse {
  const out: Fields = {};
  for (const name of new Set(query.keys())) {
    const param = name === 'expansions' ? expansionsOf : (name as FieldParam);
    if (others.includes(name)) continue;
    if (!params.includes(param))
      return invalidRequest(
        `The query parameter [${name}] is not one of [${[...params.map((p) => (p === expansionsOf ? 'expansions' : p)), ...others].join(',')}].`,
        name,
      );
    const values = query.getAll(name).flatMap((v) => v.split(','));
    const allowed: readonly string[] = [...FIELD_ENUMS[param], ...(API_EXTRAS[param] ?? [])];
    const bad = values.find((v) => !allowed.includes(v));
    if (bad !== undefined)
      return invalidRequest(
        `The \`${name}\` query parameter value [${bad}] is not one of [${allowed.join(',')}].`,
        name,
        bad,
      );
    out[param] = new Set(values);
  }
  return out;
}
