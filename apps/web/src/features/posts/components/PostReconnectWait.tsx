import { Link } from 'react-router';
import type { Post } from '@fanout/contracts';
import { platformName } from '../platform-names';
import { waitsForReconnect } from '../post-status';

/**
 * A scheduled post that waits for its account to be reconnected, in words, with the way to the Accounts screen
 * and the platform's own reason. Nothing for any other post.
 */
export function PostReconnectWait({ post, id }: { post: Post; id?: string }) {
  if (!waitsForReconnect(post) || !post.error) return null;
  const name = platformName(post.platform);
  return (
    <div id={id} className="space-y-1 text-sm">
      <p className="font-medium text-amber-800">
        Waiting: reconnect {name} on{' '}
        <Link
          to="/accounts"
          className="text-brand-700 underline hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Accounts
        </Link>
      </p>
      <p className="text-zinc-700">
        It goes out once {name} is reconnected, and fails if that has not happened within 24 hours of its time.
      </p>
      {post.error.platformMessage && (
        <p className="text-zinc-700">
          <span className="font-medium">{name} said:</span> <q className="break-words">{post.error.platformMessage}</q>
        </p>
      )}
    </div>
  );
}
