import { Fragment, useId } from 'react';
import { Dropdown, DropdownItem, DropdownSection, DropdownSeparator } from '@/components/ui/Dropdown';
import { CheckIcon, ChevronUpDownIcon, PlusIcon } from '@/components/ui/icons';
import { FALLBACK_PROJECT, switchProject } from '../current-project';
import { useCreateProjectPrompt } from '../hooks/use-create-project-prompt';
import { useCurrentProject } from '../hooks/use-current-project';
import { isShared, projectLine } from '../project-place';
import { ProjectBadge } from './ProjectBadge';

export function ProjectSwitcher() {
  const loadingId = useId();
  const { projects, project, query } = useCurrentProject();
  const { createFromPrompt, isCreating } = useCreateProjectPrompt();
  const shown = project ?? FALLBACK_PROJECT;
  // Until the list has answered there is no telling which project is current: the spec's fallback
  // ('TP' / 'Testproject') is for a user who really has none, so a neutral placeholder stands in meanwhile.
  const loading = !project && query.isPending;

  return (
    <div>
      <p id="workspace-label" className="mb-1.5 px-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase">
        Active workspace
      </p>
      {loading ? (
        <div
          role="status"
          aria-busy="true"
          aria-labelledby={loadingId}
          className="flex w-full items-center gap-3 rounded-xl border border-zinc-200 bg-white p-2 shadow-sm"
        >
          <span id={loadingId} className="sr-only">
            Loading projects
          </span>
          <span aria-hidden="true" className="size-9 shrink-0 animate-pulse rounded-lg bg-zinc-200" />
          <span aria-hidden="true" className="min-w-0 flex-1 space-y-1.5">
            <span className="block h-3.5 w-24 animate-pulse rounded bg-zinc-200" />
            <span className="block h-3 w-14 animate-pulse rounded bg-zinc-100" />
          </span>
        </div>
      ) : (
        <Dropdown
          align="stretch"
          placement="above"
          triggerClassName="flex w-full items-center gap-3 rounded-xl border border-zinc-200 bg-white p-2 text-left shadow-sm hover:border-zinc-300 focus-visible:outline-2 focus-visible:outline-brand-600"
          trigger={
            <>
              <span className="sr-only">Active workspace:</span>{' '}
              <ProjectBadge initials={shown.initials} color1={shown.color1} color2={shown.color2} />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-zinc-900">{shown.name}</span>{' '}
                <span className="block text-xs text-zinc-500">
                  {project ? projectLine(project) : query.isError ? 'Projects could not be loaded' : 'No project yet'}
                </span>
              </span>
              <ChevronUpDownIcon className="size-4 text-zinc-400" />
            </>
          }
        >
          {[
            { title: 'Projects', list: projects.filter((p) => !isShared(p)) },
            { title: 'Shared with you', list: projects.filter(isShared) },
          ].map(
            ({ title, list }) =>
              list.length > 0 && (
                <Fragment key={title}>
                  <DropdownSection className="pb-1 text-xs font-medium text-zinc-500">{title}</DropdownSection>
                  {list.map((p) => (
                    <DropdownItem key={p.id} onSelect={() => switchProject(p.id)}>
                      <ProjectBadge initials={p.initials} color1={p.color1} color2={p.color2} size="sm" />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium text-zinc-900">{p.name}</span>
                        <span className="block text-xs text-zinc-500">{projectLine(p)}</span>
                      </span>
                      {p.id === project?.id && <CheckIcon className="size-4 text-brand-600" />}
                      {p.id === project?.id && <span className="sr-only">(current)</span>}
                    </DropdownItem>
                  ))}
                </Fragment>
              ),
          )}
          {projects.length > 0 && <DropdownSeparator />}
          <DropdownItem onSelect={() => void createFromPrompt()}>
            <span className="flex size-7 items-center justify-center rounded-lg border border-dashed border-zinc-300 text-zinc-500">
              <PlusIcon className="size-4" />
            </span>
            <span className="font-medium">{isCreating ? 'Creating project…' : 'Create new project'}</span>
          </DropdownItem>
        </Dropdown>
      )}
    </div>
  );
}
