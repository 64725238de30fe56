export { UploadModal } from './components/UploadModal';
export { StatusBadge } from './components/StatusBadge';
export { PlatformList } from './components/PlatformList';
export { VideoDetailsModal } from './components/VideoDetailsModal';
export { useVideo } from './api/get-video';
export { useDeleteVideo } from './api/delete-video';
export { mediaUrl } from './media-duration';
export { DELETE_ONE_PROMPT } from './hooks/use-library-actions';
