import type { BestTime } from '@fanout/contracts';
import { formatCount } from '../platform-colors';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** The weekday and hour whose posts drew the most views on average, in the project's time zone. */
export function BestTimes({ times, timeZone }: { times: BestTime[]; timeZone: string }) {
  return (
    <section aria-labelledby="best-times-title" className="rounded-2xl border border-zinc-200 bg-white p-5">
      <h2 id="best-times-title" className="text-base font-semibold text-zinc-900">
        Best weekday and hour
      </h2>
      <p className="mt-1 text-xs text-zinc-600">By the average views of the posts published then ({timeZone}).</p>
      {times.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-600">Publish and sync a few posts to see when yours do best.</p>
      ) : (
        <ol className="mt-3 space-y-1.5 text-sm">
          {times.map((t) => (
            <li key={`${t.weekday}-${t.hour}`} className="flex justify-between gap-3">
              <span className="font-medium text-zinc-900">
                {WEEKDAYS[t.weekday - 1]} {hour(t.hour)}–{hour((t.hour + 1) % 24)}
              </span>
              <span className="tabular-nums text-zinc-700">
                {formatCount(t.averageViews)} views on average ({t.posts} {t.posts === 1 ? 'post' : 'posts'})
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
