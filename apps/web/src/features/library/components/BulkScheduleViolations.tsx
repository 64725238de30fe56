import type { BulkViolation } from '@fanout/contracts';
import { platformName } from '@/features/posts';

interface BulkScheduleViolationsProps {
  message: string;
  violations: readonly BulkViolation[];
  titles: ReadonlyMap<number, string>;
}

/** Why the server refused the batch, video by video, in the platforms' own rules. */
export function BulkScheduleViolations({ message, violations, titles }: BulkScheduleViolationsProps) {
  const byVideo = new Map<number, BulkViolation[]>();
  for (const violation of violations)
    byVideo.set(violation.videoId, [...(byVideo.get(violation.videoId) ?? []), violation]);
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
      <p className="font-medium">{message} Nothing was scheduled.</p>
      <ul className="mt-2 space-y-2">
        {[...byVideo].map(([videoId, list]) => (
          <li key={videoId}>
            <p className="font-medium text-zinc-900">{titles.get(videoId) ?? `Video ${videoId}`}</p>
            <ul className="mt-0.5 list-disc space-y-0.5 pl-5">
              {list.map((v) => (
                <li key={`${v.platform}-${v.field}-${v.rule}`}>
                  {platformName(v.platform)}: {v.message}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}
