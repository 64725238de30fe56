import type { ProjectRole } from '@fanout/contracts';
import { cn } from '@/components/ui/cn';

const ROLE_NAMES: Record<ProjectRole, string> = {
  owner: 'Owners',
  editor: 'Editors',
  reviewer: 'Reviewers',
  client: 'Clients',
};

/**
 * One line saying what a role that cannot change things may do on a screen made for changing them, e.g.
 * "Reviewers can read this project's rules; only the owner and editors change them."
 */
export function ReadOnlyNote({
  role,
  what,
  className,
}: {
  role: ProjectRole | null;
  what: string;
  className?: string;
}) {
  return (
    <p
      className={cn(
        'rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-700',
        className ?? 'mb-4',
      )}
    >
      {ROLE_NAMES[role ?? 'reviewer']} can read {what}; only the owner and editors change them.
    </p>
  );
}
