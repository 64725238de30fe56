import { z } from 'zod';

/**
 * GET /api/projects/:id/first-steps: how far a project is along the first-run path, each step from what the
 * project holds. The Videos screen shows the three steps until all are done.
 */
export const FirstSteps = z
  .object({
    /** An account of some platform is connected to the project (whether or not it needs reconnecting). */
    connected: z.boolean(),
    /** The project has a video. */
    uploaded: z.boolean(),
    /** One of its videos was published or scheduled: it has a post that was not cancelled. */
    posted: z.boolean(),
  })
  .meta({ id: 'FirstSteps' });
export type FirstSteps = z.infer<typeof FirstSteps>;
