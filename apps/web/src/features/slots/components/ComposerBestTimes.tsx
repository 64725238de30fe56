import type { PlatformKey } from '@fanout/contracts';
import { platformLabel } from '../slot-text';
import { BestTimesList } from './BestTimesList';

/** Beside the composer's time: the best hours for each chosen platform, with their reasons. */
export function ComposerBestTimes({ projectId, platforms }: { projectId: number; platforms: readonly PlatformKey[] }) {
  if (platforms.length === 0) return null;
  return (
    <div className="space-y-2">
      {platforms.map((platform) => (
        <details key={platform} className="rounded-lg border border-zinc-200 px-3 py-2">
          <summary className="cursor-pointer text-sm font-medium text-zinc-800">
            Best times for {platformLabel(platform)}
          </summary>
          <div className="mt-2">
            <BestTimesList projectId={projectId} platform={platform} limit={3} />
          </div>
        </details>
      ))}
    </div>
  );
}
