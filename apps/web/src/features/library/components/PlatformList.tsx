import { PLATFORMS, type PlatformKey } from '@fanout/contracts';
import { PlatformIcon } from '@/components/ui/PlatformIcon';

const labelOf = (key: PlatformKey) => PLATFORMS.find((p) => p.key === key)?.label ?? key;

/** The target platforms as icons, named for assistive technology. */
export function PlatformList({ platforms }: { platforms: readonly PlatformKey[] }) {
  if (platforms.length === 0) return <span className="text-xs text-zinc-500">No platforms yet</span>;
  return (
    <ul className="flex flex-wrap items-center gap-1" aria-label="Target platforms">
      {platforms.map((key) => (
        <li key={key} title={labelOf(key)}>
          <PlatformIcon platform={key} className="size-5" />
          <span className="sr-only">{labelOf(key)}</span>
        </li>
      ))}
    </ul>
  );
}
