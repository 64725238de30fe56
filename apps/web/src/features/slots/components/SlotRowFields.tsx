import { PLATFORMS, WEEKDAY_NAMES, type PlatformKey } from '@fanout/contracts';
import { inputClasses } from '@/components/ui/Field';
import { TrashIcon } from '@/components/ui/icons';
import { cn } from '@/components/ui/cn';
import type { SlotRow } from '../slot-rows';

interface SlotRowFieldsProps {
  row: SlotRow;
  index: number;
  problem?: string;
  onChange: (change: Partial<SlotRow>) => void;
  onRemove: () => void;
}

/** One slot: platform, weekday and time, each labelled with the slot's number for screen readers. */
export function SlotRowFields({ row, index, problem, onChange, onRemove }: SlotRowFieldsProps) {
  const n = index + 1;
  const errorId = `slot-${row.key}-error`;
  return (
    <li className="grid grid-cols-[1fr_1fr_9rem_auto] items-start gap-2">
      <select
        aria-label={`Platform of slot ${n}`}
        value={row.platform}
        onChange={(e) => onChange({ platform: e.target.value as PlatformKey })}
        className={cn(inputClasses, 'h-9 py-1')}
      >
        {PLATFORMS.map((p) => (
          <option key={p.key} value={p.key}>
            {p.label}
          </option>
        ))}
      </select>
      <select
        aria-label={`Weekday of slot ${n}`}
        value={row.weekday}
        onChange={(e) => onChange({ weekday: Number(e.target.value) })}
        className={cn(inputClasses, 'h-9 py-1')}
      >
        {WEEKDAY_NAMES.map((name, i) => (
          <option key={name} value={i + 1}>
            {name}
          </option>
        ))}
      </select>
      <input
        type="time"
        aria-label={`Time of slot ${n}`}
        value={row.time}
        onChange={(e) => onChange({ time: e.target.value })}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        className={cn(inputClasses, 'h-9 py-1')}
      />
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove slot ${n}`}
        className="rounded-lg p-2 text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <TrashIcon className="size-4" />
      </button>
      {problem && (
        <p id={errorId} className="col-span-4 text-sm text-red-600">
          {problem}
        </p>
      )}
    </li>
  );
}
