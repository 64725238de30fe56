import { useNavigate } from 'react-router';
import { usePageTitle } from '@/features/config';
import { Button, ButtonLink } from '@/components/ui/Button';
import { UsersIcon } from '@/components/ui/icons';
import { EmptyState, PageHeader } from '@/components/ui/States';
import { isShared, ProjectBadge, projectLine, switchProject, useCurrentProject } from '@/features/projects';

/**
 * The header's Shared (/shared): the projects other people share with the person, each with the person's role
 * and whose it is, opened in one step (it becomes the active workspace); says so when there are none.
 */
export function SharedScreen() {
  usePageTitle('Shared');
  const navigate = useNavigate();
  const { projects, query } = useCurrentProject();
  const shared = projects.filter(isShared);
  const open = (id: number) => {
    switchProject(id);
    void navigate('/dashboard');
  };
  return (
    <>
      <PageHeader title="Shared" subtitle="Projects other people share with you." />
      {shared.length > 0 ? (
        <ul aria-label="Projects shared with you" className="space-y-2">
          {shared.map((p) => (
            <li key={p.id} className="flex items-center gap-3 rounded-xl border border-zinc-200 bg-white p-3 shadow-sm">
              <ProjectBadge initials={p.initials} color1={p.color1} color2={p.color2} size="sm" />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-zinc-900">{p.name}</span>
                <span className="block text-xs text-zinc-600">{projectLine(p)}</span>
              </span>
              <Button size="sm" variant="secondary" onClick={() => open(p.id)} aria-label={`Open ${p.name}`}>
                Open
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        !query.isPending && (
          <EmptyState
            icon={<UsersIcon className="size-6" />}
            title="No projects are shared with you"
            action={<ButtonLink to="/dashboard">Go to my videos</ButtonLink>}
          >
            When someone adds you to one of their projects, it appears here. Your own projects are in the project
            switcher.
          </EmptyState>
        )
      )}
    </>
  );
}
