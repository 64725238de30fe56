import type { SyncProblem } from '@fanout/contracts';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { platformLabel } from '../platform-colors';

/** When the figures were last read, and every post whose latest read failed, with the reason. */
export function SyncStatus({ lastSyncedAt, problems }: { lastSyncedAt: string | null; problems: SyncProblem[] }) {
  return (
    <section aria-labelledby="sync-status-title" className="rounded-2xl border border-zinc-200 bg-white p-5">
      <h2 id="sync-status-title" className="text-base font-semibold text-zinc-900">
        Sync status
      </h2>
      <p className="mt-1 text-sm text-zinc-600" data-testid="last-synced">
        {lastSyncedAt ? `Last synced ${formatDateTime(lastSyncedAt)}` : 'Not synced yet'}
      </p>
      {problems.length > 0 && (
        <div role="alert" className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3">
          <p className="text-sm font-medium text-amber-900">
            {problems.length === 1 ? 'One post could not be synced' : `${problems.length} posts could not be synced`}
          </p>
          <ul className="mt-2 space-y-1.5 text-sm text-amber-900">
            {problems.map((p) => (
              <li key={p.postId}>
                <Link to={`/video/${p.videoId}`} className="font-medium underline">
                  {p.videoTitle}
                </Link>{' '}
                on {platformLabel(p.platform)}: {p.reason}.{' '}
                <span className="text-amber-800">
                  Tried {formatDateTime(p.failedAt)};{' '}
                  {p.lastSyncedAt ? `figures from ${formatDateTime(p.lastSyncedAt)}` : 'never synced'}.
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
