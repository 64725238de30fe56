import type { AppliedPrivacy } from '@fanout/contracts';
import type { AdapterOptions } from '../base-adapter';

/**
 * What to say when YouTube applied another privacy than the one sent, read back from `status.privacyStatus`.
 * Google locks every upload of an unverified API project private (videos.insert documentation: projects
 * created after 2020-07-28, until they pass an audit); that is the reason unless the operator said the project
 * passed (YOUTUBE_API_VERIFIED=true), when the cause is for them to find in YouTube Studio. In the sandbox the
 * emulator's stage for the sandbox app decides, and it models the unverified project only.
 */
export function youtubeAppliedPrivacy(
  requested: string,
  applied: string | undefined,
  stages: AdapterOptions['stages'],
): AppliedPrivacy | undefined {
  if (applied === undefined || applied === requested) return undefined;
  const said = { privacy: applied, label: applied, requested };
  if (stages?.youtubeApiVerified)
    return {
      ...said,
      reason: `YouTube made the video ${applied} although the Google Cloud project is set as verified`,
      operatorAction:
        'open the video in YouTube Studio for the cause (a restriction on the channel or the video), and check that ' +
        'the project still passes YouTube’s API audit; until it does, set YOUTUBE_API_VERIFIED=false.',
    };
  return {
    ...said,
    reason: 'YouTube restricts uploads from unverified API projects',
    operatorAction: stages
      ? 'request the YouTube API Services audit for the Google Cloud project (the “YouTube API Services – Audit ' +
        'and Quota Extension Form”); once Google approves it, set YOUTUBE_API_VERIFIED=true. Until then every ' +
        'upload is private.'
      : 'the sandbox’s YouTube app is set as unverified in the emulator: set it verified with ' +
        'POST /_control/app-stage {"platform":"youtube","verified":true}.',
  };
}
