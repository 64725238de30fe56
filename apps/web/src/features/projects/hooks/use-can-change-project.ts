import { roleCan, type ProjectRole } from '@fanout/contracts';
import { useCurrentProject } from './use-current-project';

/**
 * Whether the person may change what the current project holds (its videos, ideas, rules, slots, collections):
 * the owner and editors may; reviewers and clients only read, approve and leave notes, and the server refuses the
 * rest. True while the project is still loading or where there is none, so an owner never sees the controls blink.
 */
export function useCanChangeProject(): { canChange: boolean; role: ProjectRole | null } {
  const { project } = useCurrentProject();
  const role = project?.role ?? null;
  return { canChange: role ? roleCan(role, 'edit') : true, role };
}
