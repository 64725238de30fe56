import type { PublishRequest } from '../platform-adapter';

/** The title chosen for Facebook (the `title` option), when one was; otherwise undefined. */
export function facebookTitle(request: PublishRequest): string | undefined {
  const title = request.post.options.title;
  return typeof title === 'string' && title.trim() ? title.trim() : undefined;
}
