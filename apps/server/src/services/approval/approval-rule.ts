import type { ProjectAccess } from '../access/project-access';

/** Who makes or changes a post, and whether what they do must wait for an approver. */
export interface PostAuthor {
  /** The person acting (the owner's id stays on the rows). */
  userId: number;
  needsApproval: boolean;
  /** An automation rule acts (for `userId`, the rule's owner): the trail says Fanout, and nobody approved it. */
  byRule?: boolean;
}

/**
 * In a project that needs approval, a post made or changed by anyone but the owner in the app waits for an
 * approver: an editor's, and any made with a personal API token (the MCP server, the CLI), the owner's too.
 */
export function approvalNeeded(access: Pick<ProjectAccess, 'needsApproval' | 'role'>, viaToken: boolean): boolean {
  return access.needsApproval && (access.role !== 'owner' || viaToken);
}
