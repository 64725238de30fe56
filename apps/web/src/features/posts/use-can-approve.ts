import { createContext, useContext } from 'react';
import { roleCan, type Project } from '@fanout/contracts';

/**
 * Whether the person may approve posts in the project shown (owner, reviewer, client). Set once by the screen
 * (My Posts, the Schedule) that knows its project, and read by each post's actions: a project lookup per post
 * would ask for the projects again with every row that mounts.
 */
const CanApprove = createContext(false);
export const CanApproveProvider = CanApprove.Provider;

export function useCanApprove(): boolean {
  return useContext(CanApprove);
}

export function canApproveIn(project: Pick<Project, 'role'> | null | undefined): boolean {
  return project ? roleCan(project.role, 'approve') : false;
}
