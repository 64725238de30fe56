import { WEEKDAY_NAMES, type PostingSlots } from '@fanout/contracts';
import { newRow, sortedRows } from '../slot-rows';
import { platformLabel } from '../slot-text';

/** The project's posting slots to read, for a role that may not change them (a reviewer or a client). */
export function PostingSlotsList({ saved }: { saved: PostingSlots }) {
  const rows = sortedRows(saved.slots.map(newRow));
  return (
    <div className="space-y-2">
      <p className="text-sm text-zinc-700">Time zone of the slots: {saved.timezone}</p>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-600">No slots yet.</p>
      ) : (
        <ul aria-label="Slots" className="space-y-1 text-sm text-zinc-900">
          {rows.map((row) => (
            <li key={row.key}>
              {platformLabel(row.platform)}, {WEEKDAY_NAMES[row.weekday - 1]} {row.time}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
