import type { Post } from '@fanout/contracts';

/**
 * A published post that the platform made other than the person chose (YouTube's unverified API projects make
 * every upload private): what it is, why, and what whoever runs this app must do. Nothing for any other post.
 */
export function PostAppliedPrivacy({ post, id }: { post: Post; id?: string }) {
  const applied = post.status === 'published' ? post.appliedPrivacy : null;
  if (!applied) return null;
  return (
    <div id={id} className="space-y-1 text-sm">
      <p className="font-medium text-amber-800">
        Published as {applied.label}: {applied.reason}
      </p>
      <p className="text-zinc-700">
        <span className="font-medium">For whoever runs this app:</span> {applied.operatorAction}
      </p>
    </div>
  );
}
