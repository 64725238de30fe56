import { useId, type Ref } from 'react';
import type { PostViolation } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { WarningIcon } from '@/components/ui/icons';
import { platformName } from '../../platform-names';

interface ProblemSummaryProps {
  violations: readonly PostViolation[];
  /** The id of the field a problem is shown at (its platform's own list when it has no field). */
  fieldOf(violation: PostViolation): string;
  /** What the button that leaves the failing platforms out says ("Publish to the 5 that pass"); none: no button. */
  passingLabel?: string;
  onPassing(): void;
  ref?: Ref<HTMLDivElement>;
}

/**
 * Why the post cannot go as it is: every problem with its platform, each a link to its field, and the way to
 * send it to the platforms that pass. Focus moves here when sending is refused (the form does that).
 */
export function ProblemSummary({ violations, fieldOf, passingLabel, onPassing, ref }: ProblemSummaryProps) {
  const id = useId();
  const n = violations.length;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={`${id}-heading`}
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-3 text-sm text-red-900 outline-none focus-visible:ring-2 focus-visible:ring-red-400"
    >
      <h3 id={`${id}-heading`} className="flex items-center gap-2 font-semibold">
        <WarningIcon className="size-4 shrink-0" />
        {n === 1 ? 'One problem stops this post' : `${n} problems stop this post`}
      </h3>
      <ul className="mt-2 space-y-1.5">
        {violations.map((v) => {
          const field = fieldOf(v);
          return (
            <li key={`${v.platform}|${v.field}|${v.message}`}>
              <a
                href={`#${field}`}
                onClick={(event) => {
                  event.preventDefault();
                  const target = document.getElementById(field);
                  target?.scrollIntoView?.({ block: 'center' });
                  target?.focus();
                }}
                className="underline hover:no-underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="font-medium">{platformName(v.platform)}:</span> {v.message}
              </a>
            </li>
          );
        })}
      </ul>
      {passingLabel && (
        <Button size="sm" variant="secondary" className="mt-3" onClick={onPassing}>
          {passingLabel}
        </Button>
      )}
    </div>
  );
}
