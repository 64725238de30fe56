import {
  buildCaption,
  validatePost,
  type AccountFacts,
  type Post,
  type PostViolation,
  type Video,
} from '@fanout/contracts';
import { cleanOptions, INITIAL_OPTIONS, videoFacts } from '../../publish-draft';

/** The text the post sends: the person's own, else the one built from the video's details. */
export const shownCaption = (post: Post, video: Video, caption: string | null) =>
  caption ?? buildCaption(post.platform, video);

/** Every rule of the post's platform the edited post would break, as the server checks them; none without the video. */
export function editViolations(
  post: Post,
  video: Video | undefined,
  caption: string | null,
  options: Record<string, unknown>,
  account?: AccountFacts,
  firstComment = '',
): PostViolation[] {
  if (!video) return [];
  return validatePost(
    post.platform,
    videoFacts(video),
    {
      title: video.title,
      caption: shownCaption(post, video, caption),
      tags: video.tags,
      options: cleanOptions(options),
      ...(firstComment.trim() ? { firstComment } : {}),
    },
    account,
  );
}

/** Whether the post's first comment may still be changed: before the post starts, while nothing was sent. */
export const commentEditable = (post: Post) =>
  post.status === 'scheduled' && (post.firstComment === null || post.firstComment.status === 'pending');

/** The first comment to send: undefined when it is as it was, null to clear it (blank), else the text. */
export function commentChange(post: Post, text: string): string | null | undefined {
  const now = text.trim() ? text : null;
  return now === (post.firstComment?.text ?? null) ? undefined : now;
}

/** The options as the form shows them: the post's own, and the form's defaults for those it does not give. */
export const startOptions = (post: Post): Record<string, unknown> => ({
  ...INITIAL_OPTIONS[post.platform],
  ...post.options,
});

/** The options to send: undefined when they are as they were, else the whole set as sent. */
export function optionsChange(post: Post, options: Record<string, unknown>): Record<string, unknown> | undefined {
  const now = cleanOptions(options);
  return JSON.stringify(now) === JSON.stringify(cleanOptions(startOptions(post))) ? undefined : now;
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
