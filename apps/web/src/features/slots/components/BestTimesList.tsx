import type { PlatformKey } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/States';
import { useBestTimes } from '../api/get-best-times';
import { hourText, platformLabel } from '../slot-text';

interface BestTimesListProps {
  projectId: number;
  platform: PlatformKey;
  /** How many suggestions to show (all the server gives by default). */
  limit?: number;
  /** Offers "Add slot" beside each suggestion. */
  onPick?: (weekday: number, hour: number) => void;
}

/** The best hours of the week to post on a platform, each with the reason it is suggested. */
export function BestTimesList({ projectId, platform, limit, onPick }: BestTimesListProps) {
  const best = useBestTimes(projectId, platform);
  const label = platformLabel(platform);
  if (best.isPending) {
    return (
      <div role="status" aria-label={`Loading best times for ${label}`}>
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (best.isError) return <p className="text-sm text-zinc-600">Best times for {label} could not be loaded.</p>;
  const { suggestions, basis, timezone } = best.data;
  const shown = limit ? suggestions.slice(0, limit) : suggestions;
  return (
    <div>
      <p className="text-xs text-zinc-600">
        {basis === 'own'
          ? `From your own posts’ engagement, hours in ${timezone}.`
          : 'Fanout’s defaults, hours on your audience’s clock.'}
      </p>
      <ol aria-label={`Best times for ${label}`} className="mt-2 space-y-2">
        {shown.map((s) => (
          <li key={`${s.weekday}-${s.hour}`} className="flex flex-wrap items-start gap-x-3 gap-y-1 text-sm">
            <span className="font-medium text-zinc-900">{hourText(s.weekday, s.hour)}</span>
            <span className="rounded-full bg-brand-50 px-2 text-xs leading-5 text-brand-800">score {s.score}</span>
            {onPick && (
              <Button
                size="sm"
                variant="secondary"
                className="ml-auto"
                onClick={() => onPick(s.weekday, s.hour)}
                aria-label={`Add slot: ${label}, ${hourText(s.weekday, s.hour)}`}
              >
                Add slot
              </Button>
            )}
            <span className="basis-full text-xs text-zinc-600">{s.reason}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
