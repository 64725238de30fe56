/**
 * The scope each field of `GET /v2/user/info/` needs. Since TikTok's scope migration (developers.tiktok.com
 * bulletin "Migration Guidance - User Info APIs Scope Migration", 2024-02-29) user.info.basic reads only
 * open_id, union_id, the three avatar URLs and display_name; bio_description, profile_deep_link, is_verified
 * and username need user.info.profile; the four counts need user.info.stats. A request for a field whose scope
 * the token lacks is refused as a whole with `scope_not_authorized` (reference §1, Errors).
 */
export const USER_FIELD_SCOPES: Readonly<Record<string, string>> = {
  open_id: 'user.info.basic',
  union_id: 'user.info.basic',
  avatar_url: 'user.info.basic',
  avatar_url_100: 'user.info.basic',
  avatar_large_url: 'user.info.basic',
  display_name: 'user.info.basic',
  bio_description: 'user.info.profile',
  profile_deep_link: 'user.info.profile',
  is_verified: 'user.info.profile',
  username: 'user.info.profile',
  follower_count: 'user.info.stats',
  following_count: 'user.info.stats',
  likes_count: 'user.info.stats',
  video_count: 'user.info.stats',
};

/** The scopes `fields` need that `granted` lacks, each once, in the order the fields name them. */
export function missingScopes(fields: readonly string[], granted: readonly string[]): string[] {
  const needed = fields.map((f) => USER_FIELD_SCOPES[f]).filter((s): s is string => s !== undefined);
  return [...new Set(needed)].filter((s) => !granted.includes(s));
}
