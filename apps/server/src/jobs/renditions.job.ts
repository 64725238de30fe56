import type { AppContext } from '../context';
import { renderRendition } from '../services/renditions/render-rendition';
import { sweepRenditions } from '../services/renditions/renditions-sweep';

export function renderRenditionJob(ctx: AppContext, renditionId: number) {
  return renderRendition(ctx, renditionId);
}

export function sweepRenditionsJob(ctx: AppContext, startup: boolean) {
  return sweepRenditions(ctx, { startup });
}
