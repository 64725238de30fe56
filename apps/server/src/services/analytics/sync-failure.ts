import { PLATFORMS } from '@fanout/contracts';
import { PlatformError } from '../../platforms/platform-error';

const label = (platform: string) => PLATFORMS.find((p) => p.key === platform)?.label ?? platform;

/** Why a sync failed, in a sentence for the person, and the kind of failure. */
export function describeSyncFailure(platform: string, err: unknown): { reason: string; kind: string } {
  const name = label(platform);
  if (!(err instanceof PlatformError))
    return { reason: `${name} figures could not be read: something went wrong on our side`, kind: 'unknown' };
  const said = err.platformMessage ? `: ${err.platformMessage}` : '';
  switch (err.kind) {
    case 'disconnected':
      return { reason: `The ${name} account needs reconnecting${said}`, kind: err.kind };
    case 'rejected':
      return { reason: `${name} refused to give the figures${said}`, kind: err.kind };
    case 'rate_limited':
      return { reason: `${name} asked us to slow down; figures are read again later`, kind: err.kind };
    default:
      return { reason: `${name} did not answer; figures are read again later`, kind: err.kind };
  }
}
