import { createContext, useContext } from 'react';
import { roleCan, type ProjectRole } from '@fanout/contracts';

/**
 * The person's role in the project a screen shows (My Posts, the Schedule), set once by that screen and read by
 * each post's actions: a project lookup per post would ask for the projects again with every row that mounts.
 * Null where no screen set it (a video's own posts): approving is then not offered, and changing is.
 */
const Role = createContext<ProjectRole | null>(null);
export const ProjectRoleProvider = Role.Provider;

/** Whether the person may approve posts here (owner, reviewer, client). */
export function useCanApprove(): boolean {
  const role = useContext(Role);
  return role ? roleCan(role, 'approve') : false;
}

/** Whether the person may change, retry and cancel posts here (owner, editor): reviewers and clients may not. */
export function useCanEdit(): boolean {
  const role = useContext(Role);
  return role ? roleCan(role, 'edit') : true;
}
