import { roleCan } from '@fanout/contracts';
import { useCurrentProject } from '@/features/projects';

/** Whether the person may approve posts in the current project (owner, reviewer, client). */
export function useCanApprove(): boolean {
  const { project } = useCurrentProject();
  return project ? roleCan(project.role, 'approve') : false;
}
