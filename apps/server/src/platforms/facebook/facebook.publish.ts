import type { PublishJournal, PublishRequest, PublishStepResult } from '../platform-adapter';
import type { GraphHttp } from '../meta/graph-http';
import { pageReelStep } from './facebook.reel-publish';
import { pageVideoStep } from './facebook.video-publish';

export type FacebookPostKind = 'video' | 'reel';

/** The kind chosen when the post began (kept in the journal), else the post's option; a Page video by default. */
export function postKind(request: PublishRequest, journal: PublishJournal | null): FacebookPostKind {
  const kind = journal?.kind ?? request.post.options.kind;
  return kind === 'reel' ? 'reel' : 'video';
}

export function facebookPublishStep(
  http: GraphHttp,
  request: PublishRequest,
  journal: PublishJournal | null,
): Promise<PublishStepResult> {
  return postKind(request, journal) === 'reel'
    ? pageReelStep(http, request, journal)
    : pageVideoStep(http, request, journal);
}
