/**
 * The permission each call of Instagram API with Instagram Login takes (a token without it is refused with
 * (#10), Graph API "Handling errors"), with the document it comes from. Every call takes the Instagram user
 * token of Business Login for Instagram.
 */
export const IG_CALLS = {
  /** `GET /me`, `GET /<ig-user-id>` fields: "instagram_business_basic" (Instagram Platform, IG User reference). */
  profile: 'instagram_business_basic',
  /** `GET /<ig-user-id>/media`, `GET /<ig-media-id>?fields=permalink,…`: "instagram_business_basic" (IG Media). */
  media: 'instagram_business_basic',
  /**
   * `POST /<ig-user-id>/media`, the rupload of its bytes, `GET /<container>?fields=status_code`,
   * `POST /<ig-user-id>/media_publish` and `GET /<ig-user-id>/content_publishing_limit`:
   * "instagram_business_content_publish" (Instagram Platform, Content Publishing, Requirements).
   */
  publish: 'instagram_business_content_publish',
  /** `GET /<ig-media-id>/insights`: "instagram_business_manage_insights" (IG Media Insights). */
  insights: 'instagram_business_manage_insights',
  /**
   * `POST /<ig-media-id>/comments`: "instagram_business_manage_comments" (IG Media Comments, Requirements; with
   * instagram_business_basic, which every call here checks as `profile`).
   */
  comments: 'instagram_business_manage_comments',
} as const;
