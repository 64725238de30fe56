import type { Post } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { CheckIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/Toast';
import { errorMessage } from '@/lib/api-client';
import { useApproval } from '../api/approve-posts';
import { approvalOverdue, awaitsApproval } from '../post-status';
import { useCanApprove } from '../use-can-approve';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The bar above My Posts and the Schedule for those who may approve: how many of the posts shown await approval
 * (and how many are overdue), and one button to approve them all. Nothing for the others, or with none waiting.
 */
export function BulkApproveBar({ posts }: { posts: readonly Post[] }) {
  const canApprove = useCanApprove();
  const { bulkApprove } = useApproval();
  const toast = useToast();
  const waiting = posts.filter(awaitsApproval);
  if (!canApprove || waiting.length === 0) return null;
  const overdue = waiting.filter(approvalOverdue).length;

  const onApprove = () =>
    bulkApprove.mutate(
      waiting.map((post) => post.id),
      {
        onSuccess: ({ posts: approved, skipped }) =>
          toast.show(
            `${plural(approved.length, 'post', 'posts')} approved` +
              (skipped.length > 0 ? `; ${skipped.length} no longer awaited approval.` : '.'),
            'success',
          ),
        onError: (err) => toast.show(errorMessage(err, 'The posts could not be approved.'), 'error'),
      },
    );

  return (
    <section
      aria-label="Posts awaiting approval"
      className="mb-3 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3"
    >
      <p className="text-sm text-amber-900">
        {plural(waiting.length, 'post awaits', 'posts await')} your approval
        {overdue > 0 && ` (${overdue} overdue: approving publishes ${overdue === 1 ? 'it' : 'them'} at once)`}.
      </p>
      <Button size="sm" icon={<CheckIcon className="size-4" />} busy={bulkApprove.isPending} onClick={onApprove}>
        Approve all {waiting.length}
      </Button>
    </section>
  );
}
