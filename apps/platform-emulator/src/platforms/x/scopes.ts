/** The OAuth 2.0 scopes X knows (OpenAPI securitySchemes.OAuth2UserToken) and each operation's (all needed). */
export const KNOWN_SCOPES: readonly string[] = [
  'block.read',
  'bookmark.read',
  'bookmark.write',
  'broadcast.read',
  'broadcast.write',
  'dm.read',
  'dm.write',
  'follows.read',
  'follows.write',
  'like.read',
  'like.write',
  'list.read',
  'list.write',
  'media.write',
  'mute.read',
  'mute.write',
  'offline.access',
  'space.read',
  'timeline.read',
  'tweet.moderate.write',
  'tweet.read',
  'tweet.write',
  'users.read',
];

/** By operationId, as the OpenAPI document's `security` lists them. */
export const OPERATION_SCOPES = {
  initializeMediaUpload: ['media.write'],
  appendMediaUpload: ['media.write'],
  finalizeMediaUpload: ['media.write'],
  getMediaUploadStatus: ['media.write'],
  mediaUpload: ['media.write'],
  createMediaSubtitles: ['media.write'],
  createPosts: ['tweet.write', 'tweet.read', 'users.read'],
  getPostsById: ['tweet.read', 'users.read'],
  getPostsByIds: ['users.read', 'tweet.read'],
  getUsersPosts: ['tweet.read', 'users.read'],
  getUsersMe: ['users.read', 'tweet.read'],
} as const;
export type Operation = keyof typeof OPERATION_SCOPES;
