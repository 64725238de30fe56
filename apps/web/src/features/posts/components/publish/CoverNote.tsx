import type { PlatformKey, Video } from '@fanout/contracts';
import { usePublicConfig } from '@/features/config';
import { coverLine, facebookKindOf } from '../../cover-line';

/** One small line: which cover this post gets, by the same rule the Cover section and the adapters use. */
export function CoverNote({
  video,
  platform,
  options,
}: {
  video: Video;
  platform: PlatformKey;
  options: Record<string, unknown>;
}) {
  const publicAddress = usePublicConfig().data?.covers.publicAddress ?? false;
  const facebookKind = platform === 'facebook' ? facebookKindOf(options) : undefined;
  return (
    <p className="text-xs text-zinc-600">Cover · {coverLine({ platform, facebookKind }, video.cover, publicAddress)}</p>
  );
}
