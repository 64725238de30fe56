import { useId, type ReactNode } from 'react';
import { Button, ButtonLink } from '@/components/ui/Button';
import { CheckIcon } from '@/components/ui/icons';
import { cn } from '@/components/ui/cn';
import { emitSignal } from '@/lib/signals';
import { useFirstSteps } from '../api/get-first-steps';

function Step({
  number,
  done,
  title,
  children,
}: {
  number: number;
  done: boolean;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0" data-done={done}>
      <span
        aria-hidden="true"
        className={cn(
          'flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
          done ? 'bg-emerald-600 text-white' : 'bg-zinc-100 text-zinc-700 ring-1 ring-zinc-300',
        )}
      >
        {done ? <CheckIcon className="size-4 stroke-[2.5]" /> : number}
      </span>
      <span className={cn('min-w-0 flex-1 text-sm font-medium', done ? 'text-zinc-500' : 'text-zinc-900')}>
        {title}
        <span className="sr-only">{done ? ': done' : ': not done yet'}</span>
      </span>
      {done ? (
        <span aria-hidden="true" className="text-xs font-medium text-emerald-700">
          Done
        </span>
      ) : (
        children
      )}
    </li>
  );
}

/**
 * The first-run path on the Videos screen of a project: connect an account, upload a video, publish or
 * schedule it. Each step is ticked from what the project holds (GET /api/projects/:id/first-steps), and the
 * whole block goes once all three are done; it cannot be dismissed before, as each step is one action away.
 */
export function FirstSteps({ projectId }: { projectId: number | undefined }) {
  const headingId = useId();
  const steps = useFirstSteps(projectId);
  if (!steps.data) return null;
  const { connected, uploaded, posted } = steps.data;
  const count = [connected, uploaded, posted].filter(Boolean).length;
  if (count === 3) return null;
  return (
    <section aria-labelledby={headingId} className="mb-6 rounded-2xl border border-brand-200 bg-brand-50/40 p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="text-base font-semibold text-zinc-900">
          Get started in three steps
        </h2>
        <p className="text-sm text-zinc-600">{count} of 3 done</p>
      </div>
      <ol className="divide-y divide-zinc-200/70">
        <Step number={1} done={connected} title="Connect an account">
          <ButtonLink to="/accounts" size="sm" variant="secondary">
            Open Accounts
          </ButtonLink>
        </Step>
        <Step number={2} done={uploaded} title="Upload a video">
          <Button size="sm" variant="secondary" onClick={() => emitSignal('open-upload-modal')}>
            Upload
          </Button>
        </Step>
        <Step number={3} done={posted} title="Publish or schedule it">
          <Button size="sm" variant="secondary" onClick={() => emitSignal('open-post-composer')}>
            Create a post
          </Button>
        </Step>
      </ol>
    </section>
  );
}
