import type { QueryClient } from '@tanstack/react-query';
import { postKeys } from './post-keys';

/**
 * After any change to posts: every post list, and the videos (a video's status and post counts follow its
 * posts), in lists and on the video's own page; and the planning board, whose Scheduled and Published columns
 * follow the posts of each idea's video.
 */
export function refreshAfterPostChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: postKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['videos'] });
  void queryClient.invalidateQueries({ queryKey: ['video'] });
  void queryClient.invalidateQueries({ queryKey: ['ideas'] });
}
