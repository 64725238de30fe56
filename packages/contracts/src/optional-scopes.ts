import { z } from 'zod';
import type { PlatformKey } from './platforms';

/**
 * Features that need a scope beyond those required to publish at all. A grant without one of these stays
 * `connected` (publishing works); the feature is offered as "Reconnect to allow <label>" until the person
 * connects again, which asks for every scope. A grant without a scope required to publish is `needs_reconnect`.
 * `asked: false` lists a scope Fanout does not ask for yet (a later feature): it is never reported missing.
 */
export const OPTIONAL_FEATURES = [
  { platform: 'reddit', feature: 'flair', scope: 'flair', label: 'choosing a flair', asked: true },
  {
    platform: 'reddit',
    feature: 'communities',
    scope: 'mysubreddits',
    label: 'suggesting your communities',
    asked: true,
  },
  { platform: 'tiktok', feature: 'username', scope: 'user.info.profile', label: 'showing your @username', asked: true },
  {
    platform: 'youtube',
    feature: 'first_comment',
    scope: 'https://www.googleapis.com/auth/youtube.force-ssl',
    label: 'posting a first comment',
    asked: true,
  },
  // playlistItems.insert names youtube, youtube.force-ssl and youtubepartner; Fanout asks force-ssl (as for comments).
  {
    platform: 'youtube',
    feature: 'playlists',
    scope: 'https://www.googleapis.com/auth/youtube.force-ssl',
    label: 'adding to playlists',
    asked: true,
  },
  // captions.insert names youtube.force-ssl (and youtubepartner, for content owners) as its scopes.
  {
    platform: 'youtube',
    feature: 'captions',
    scope: 'https://www.googleapis.com/auth/youtube.force-ssl',
    label: 'sending captions',
    asked: true,
  },
  // Instagram API with Instagram Login, IG Media comments: POST /{ig-media-id}/comments needs this permission.
  {
    platform: 'instagram',
    feature: 'first_comment',
    scope: 'instagram_business_manage_comments',
    label: 'posting a first comment',
    asked: true,
  },
  // Graph API, /{object-id}/comments: commenting as the Page needs the Page token with pages_manage_engagement.
  {
    platform: 'facebook',
    feature: 'first_comment',
    scope: 'pages_manage_engagement',
    label: 'posting a first comment',
    asked: true,
  },
  // Graph API, Video Thumbnails: creating one takes pages_read_user_content (with pages_manage_engagement).
  {
    platform: 'facebook',
    feature: 'cover',
    scope: 'pages_read_user_content',
    label: 'setting a video’s thumbnail',
    asked: true,
  },
] as const satisfies readonly {
  platform: PlatformKey;
  feature: string;
  scope: string;
  label: string;
  asked: boolean;
}[];

export const MissingFeature = z
  .object({
    /** The feature's key (`flair`, `communities`, `username`). */
    feature: z.string(),
    /** The scope the grant lacks for it. */
    scope: z.string(),
    /** The feature in words, to follow "Reconnect to allow". */
    label: z.string(),
  })
  .meta({ id: 'MissingFeature' });
export type MissingFeature = z.infer<typeof MissingFeature>;

/** The optional features Fanout asks a scope for that this grant lacks. */
export function missingFeatures(platform: PlatformKey, scopes: readonly string[]): MissingFeature[] {
  return OPTIONAL_FEATURES.filter((f) => f.platform === platform && f.asked && !scopes.includes(f.scope)).map(
    ({ feature, scope, label }) => ({ feature, scope, label }),
  );
}

/** The feature's missing scope on this connection, if any: where the feature is offered it says to reconnect. */
export function missingFeature(
  connection: { missingFeatures: readonly MissingFeature[] } | undefined,
  feature: string,
): MissingFeature | undefined {
  return connection?.missingFeatures.find((f) => f.feature === feature);
}

/** The words for an optional feature ("choosing a flair"), the same wherever it is offered. */
export function featureLabel(platform: PlatformKey, feature: string): string {
  return OPTIONAL_FEATURES.find((f) => f.platform === platform && f.feature === feature)?.label ?? feature;
}
