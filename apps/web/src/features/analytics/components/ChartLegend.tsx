import type { PlatformKey } from '@fanout/contracts';
import { cn } from '@/components/ui/cn';
import { LINE_STYLES } from '../line-styles';
import { PLATFORM_COLORS, platformLabel } from '../platform-colors';
import { MarkerSymbol } from './MarkerSymbol';

interface ChartLegendProps {
  platforms: PlatformKey[];
  /** The platform whose line is shown alone, if any. */
  only: PlatformKey | null;
  onOnly(platform: PlatformKey | null): void;
}

function LineSample({ platform }: { platform: PlatformKey }) {
  return (
    <svg viewBox="0 0 28 12" className="h-3 w-7 shrink-0" aria-hidden="true">
      <line
        x1="0"
        y1="6"
        x2="28"
        y2="6"
        stroke={PLATFORM_COLORS[platform]}
        strokeWidth="2"
        strokeDasharray={LINE_STYLES[platform].dash}
      />
      <MarkerSymbol platform={platform} cx={14} cy={6} />
    </svg>
  );
}

/**
 * The chart's key: each platform's colour, dash and marker, as a button that shows its line alone (again: all
 * lines), for a line hidden under another or dwarfed by it. A single line is only named.
 */
export function ChartLegend({ platforms, only, onOnly }: ChartLegendProps) {
  if (platforms.length === 1) {
    return (
      <p className="mt-3 inline-flex items-center gap-2 px-3 py-1 text-sm text-zinc-800">
        <LineSample platform={platforms[0]!} />
        {platformLabel(platforms[0]!)}
      </p>
    );
  }
  return (
    <div role="group" aria-label="Lines" className="mt-3 flex flex-wrap items-center gap-2">
      {platforms.map((p) => {
        const pressed = only === p;
        return (
          <button
            key={p}
            type="button"
            aria-pressed={pressed}
            onClick={() => onOnly(pressed ? null : p)}
            className={cn(
              'inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm text-zinc-800 focus-visible:outline-2 focus-visible:outline-brand-600',
              pressed ? 'border-brand-600 bg-brand-50' : 'border-zinc-300 bg-white hover:bg-zinc-50',
              only !== null && !pressed && 'text-zinc-600',
            )}
          >
            <LineSample platform={p} />
            <span>
              <span className="sr-only">Show only</span> {platformLabel(p)}
            </span>
          </button>
        );
      })}
      {only !== null && (
        <button
          type="button"
          onClick={() => onOnly(null)}
          className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Show all lines
        </button>
      )}
    </div>
  );
}
