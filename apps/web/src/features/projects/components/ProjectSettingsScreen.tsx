import { usePageTitle } from '@/features/config';
import { ButtonLink } from '@/components/ui/Button';
import { SettingsIcon } from '@/components/ui/icons';
import { EmptyState, ErrorState, PageHeader, Skeleton } from '@/components/ui/States';
import { Button } from '@/components/ui/Button';
import { useCreateProjectPrompt } from '../hooks/use-create-project-prompt';
import { useCurrentProject } from '../hooks/use-current-project';
import { ApprovalSettingsSection } from './ApprovalSettingsSection';
import { DeleteProjectSection } from './DeleteProjectSection';
import { ProjectDetailsForm } from './ProjectDetailsForm';
import { RulesSection } from '@/features/rules';
import { PostingSlotsSection } from '@/features/slots';
import { MembersSection } from '@/features/members';
import { PreviewLinksSection } from '@/features/preview-links';
import { switchProject } from '../current-project';

/** Rename the current workspace, change its colours, or delete it. */
export function ProjectSettingsScreen() {
  usePageTitle('Project Settings');
  const { project, projects, query } = useCurrentProject();
  const { createFromPrompt, isCreating } = useCreateProjectPrompt();

  return (
    <div className="max-w-3xl">
      <PageHeader title="Project Settings" subtitle="Name, badge and lifetime of the current workspace." />
      {query.isPending ? (
        <div role="status" className="space-y-4">
          <span className="sr-only">Loading project…</span>
          <Skeleton className="h-72 w-full rounded-2xl" />
          <Skeleton className="h-32 w-full rounded-2xl" />
        </div>
      ) : query.isError ? (
        <ErrorState title="Your projects could not be loaded" onRetry={() => query.refetch()} />
      ) : !project ? (
        <EmptyState
          icon={<SettingsIcon className="size-6" />}
          title="No project yet"
          action={
            <>
              <Button onClick={() => void createFromPrompt()} busy={isCreating}>
                Create new project
              </Button>
              <ButtonLink to="/dashboard" variant="secondary">
                Go to my videos
              </ButtonLink>
            </>
          }
        >
          Projects keep each channel or client apart: their own videos and their own connected accounts.
        </EmptyState>
      ) : (
        <div className="space-y-6">
          {project.role === 'owner' && <ProjectDetailsForm key={project.id} project={project} />}
          <MembersSection
            key={`members-${project.id}`}
            project={project}
            onLeft={() => {
              const next = projects.find((p) => p.id !== project.id);
              if (next) switchProject(next.id);
            }}
          />
          <ApprovalSettingsSection key={`team-${project.id}`} project={project} />
          <PostingSlotsSection key={`slots-${project.id}`} project={project} />
          <RulesSection key={`rules-${project.id}`} project={project} />
          {project.role === 'owner' && <PreviewLinksSection key={`preview-${project.id}`} project={project} />}
          {/* Renaming and deleting are the owner's (a member's try would be refused). */}
          {project.role === 'owner' && (
            <DeleteProjectSection project={project} nextProjectId={projects.find((p) => p.id !== project.id)?.id} />
          )}
        </div>
      )}
    </div>
  );
}
