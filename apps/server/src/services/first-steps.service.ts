import type { FirstSteps } from '@fanout/contracts';
import type { AppContext } from '../context';
import { findFirstSteps } from '../repositories/first-steps.repository';
import { getOwnProject } from './projects.service';

/** The first-run path of one of the caller's projects (404 for anyone else's). */
export async function getFirstSteps(ctx: AppContext, userId: number, projectId: number): Promise<FirstSteps> {
  await getOwnProject(ctx, userId, projectId);
  return findFirstSteps(ctx.db, projectId);
}
