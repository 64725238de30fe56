import { buildCaption, validatePost, type Post, type PostViolation, type Video } from '@fanout/contracts';
import { videoFacts } from '../../publish-draft';

/** The text the post sends: the person's own, else the one built from the video's details. */
export const shownCaption = (post: Post, video: Video, caption: string | null) =>
  caption ?? buildCaption(post.platform, video);

/** Every rule of the post's platform the edited post would break, as the server checks them; none without the video. */
export function captionViolations(post: Post, video: Video | undefined, caption: string | null): PostViolation[] {
  if (!video) return [];
  return validatePost(post.platform, videoFacts(video), {
    title: video.title,
    caption: shownCaption(post, video, caption),
    tags: video.tags,
    options: post.options,
  });
}

/**
 * The caption to send: undefined when it is as it was, null for the one built from the video (also when the
 * person typed exactly that), else their own text.
 */
export function captionChange(post: Post, video: Video | undefined, caption: string | null): string | null | undefined {
  if (!video) return undefined;
  const own = caption !== null && caption !== buildCaption(post.platform, video) ? caption : null;
  return own === post.caption ? undefined : own;
}
