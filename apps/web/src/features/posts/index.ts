export { postKeys } from './api/post-keys';
export { useVideoPosts, videoPostsQueryOptions } from './api/get-video-posts';
export { usePostsPage, postsPageQueryOptions, postsSearch } from './api/get-posts';
export { useCreatePosts } from './api/create-posts';
export { useUpdatePost } from './api/update-post';
export { useCancelPost } from './api/cancel-post';
export { useRetryPost } from './api/retry-post';
export { useBulkSchedule } from './api/bulk-schedule';
export { refreshAfterPostChange } from './api/refresh-after-change';
export { postViolations, bulkViolations } from './api/violations';
export { PostStatusBadge, PartiallyPublishedBadge } from './components/PostStatusBadge';
export { PostErrorText } from './components/PostErrorText';
export { PostActions } from './components/PostActions';
export { PostProgress } from './components/PostProgress';
export { PostStatusItem } from './components/PostStatusItem';
export { PublishPanel } from './components/publish/PublishPanel';
export { TikTokDeclaration } from './components/publish/TikTokNotes';
export { CreatePostDialog } from './components/CreatePostDialog';
export {
  POST_STATUS_LABELS,
  POST_STATUS_TONES,
  PARTIALLY_PUBLISHED,
  isPartiallyPublished,
  countPosts,
  waitsForReconnect,
  postStatusWords,
  awaitsApproval,
  approvalOverdue,
} from './post-status';
export { useApproval } from './api/approve-posts';
export { useCanApprove, useCanEdit, ProjectRoleProvider } from './use-can-approve';
export { ApprovalActions } from './components/ApprovalActions';
export { BulkApproveBar } from './components/BulkApproveBar';
export { postTimeText } from './post-time-text';
export { platformName } from './platform-names';
export {
  formatInZone,
  toLocalInput,
  zoneName,
  zoneAbbreviation,
  checkLocalTime,
  describeReading,
  type LocalTimeCheck,
} from './zoned-time';
export { useUserTimeZone } from './hooks/use-user-time-zone';
export { coverLine, coverFileProblem, COVER_DESTINATIONS, facebookKindOf } from './cover-line';
