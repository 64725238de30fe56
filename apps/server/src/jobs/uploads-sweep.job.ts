import type { AppContext } from '../context';
import { sweepExpiredTusUploads } from '../services/uploads/tus-server';
import { sweepStaleUploads } from '../services/upload.service';

export async function sweepUploadsJob(ctx: AppContext): Promise<{ removed: number }> {
  return { removed: (await sweepStaleUploads(ctx)) + (await sweepExpiredTusUploads(ctx)) };
}
