import { useId, useState } from 'react';
import {
  PLATFORMS,
  roleCan,
  supportedTimeZones,
  type PlatformKey,
  type PostingSlots,
  type Project,
} from '@fanout/contracts';
import { ReadOnlyNote } from '@/features/projects';
import { Button } from '@/components/ui/Button';
import { inputClasses } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { PlusIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/States';
import { useToast } from '@/components/ui/Toast';
import { cn } from '@/components/ui/cn';
import { errorMessage } from '@/lib/api-client';
import { usePostingSlots } from '../api/get-slots';
import { usePutPostingSlots } from '../api/put-slots';
import { newRow, rowProblems, sortedRows, type SlotRow } from '../slot-rows';
import { BestTimesList } from './BestTimesList';
import { PostingSlotsList } from './PostingSlotsList';
import { SlotRowFields } from './SlotRowFields';

/** Project Settings → Posting slots: the weekly times "Add to queue" fills, per platform, with best-time hints. */
export function PostingSlotsSection({ project }: { project: Project }) {
  const slots = usePostingSlots(project.id);
  const canChange = roleCan(project.role, 'edit');
  return (
    <section aria-labelledby="slots-heading" className="rounded-2xl border border-zinc-200 bg-white">
      <div className="space-y-4 p-5 sm:p-6">
        <div>
          <h2 id="slots-heading" className="font-semibold text-zinc-900">
            Posting slots
          </h2>
          <p className="mt-1 text-sm text-zinc-600">
            “Add to queue” gives each post the next free slot of its platform. A slot the clocks skip moves to the first
            minute after the change; on the night they go back it is used once.
          </p>
        </div>
        {!canChange && <ReadOnlyNote className="mb-0" role={project.role} what="this project's posting slots" />}
        {slots.isPending ? (
          <div role="status" aria-label="Loading posting slots">
            <Skeleton className="h-32 w-full" />
          </div>
        ) : slots.isError ? (
          <FormAlert message="The posting slots could not be loaded. Reload the page to try again." className="mb-0" />
        ) : canChange ? (
          <PostingSlotsForm projectId={project.id} saved={slots.data} />
        ) : (
          <PostingSlotsList saved={slots.data} />
        )}
      </div>
    </section>
  );
}

function PostingSlotsForm({ projectId, saved }: { projectId: number; saved: PostingSlots }) {
  const zoneId = useId();
  const bestId = useId();
  const [zone, setZone] = useState(saved.timezone);
  const [rows, setRows] = useState<SlotRow[]>(() => saved.slots.map(newRow));
  const [bestFor, setBestFor] = useState<PlatformKey>(saved.slots[0]?.platform ?? 'youtube');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string>();
  const put = usePutPostingSlots(projectId);
  const toast = useToast();
  const problems = rowProblems(rows);
  const zones = supportedTimeZones().includes(zone) ? supportedTimeZones() : [zone, ...supportedTimeZones()];

  const change = (key: number, next: Partial<SlotRow>) =>
    setRows((list) => list.map((row) => (row.key === key ? { ...row, ...next } : row)));
  const add = (platform: PlatformKey, weekday = 1, time = '09:00') =>
    setRows((list) => [...list, newRow({ platform, weekday, time })]);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setTried(true);
    setFailure(undefined);
    if (problems.size > 0) return;
    try {
      const result = await put.mutateAsync({
        timezone: zone,
        slots: sortedRows(rows).map(({ platform, weekday, time }) => ({ platform, weekday, time })),
      });
      setRows(result.slots.map(newRow));
      setTried(false);
      toast.show('Posting slots saved.', 'success');
    } catch (error) {
      setFailure(errorMessage(error, 'The posting slots could not be saved. Try again.'));
    }
  }

  return (
    <form onSubmit={save} noValidate aria-label="Posting slots" className="space-y-4">
      <FormAlert message={failure} className="mb-0" />
      <div className="sm:max-w-80">
        <label htmlFor={zoneId} className="mb-1.5 block text-sm font-medium text-zinc-800">
          Time zone of the slots
        </label>
        <select
          id={zoneId}
          value={zone}
          onChange={(e) => setZone(e.target.value)}
          className={cn(inputClasses, 'h-9 py-1')}
        >
          {zones.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-600">No slots yet: add one, or pick a best time below.</p>
      ) : (
        <ul aria-label="Slots" className="space-y-2">
          {rows.map((row, index) => (
            <SlotRowFields
              key={row.key}
              row={row}
              index={index}
              problem={tried ? problems.get(row.key) : undefined}
              onChange={(next) => change(row.key, next)}
              onRemove={() => setRows((list) => list.filter((r) => r.key !== row.key))}
            />
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" icon={<PlusIcon className="size-4" />} onClick={() => add(bestFor)}>
          Add slot
        </Button>
        <Button type="submit" size="sm" busy={put.isPending} className="ml-auto">
          Save slots
        </Button>
      </div>
      <div className="rounded-xl border border-zinc-100 bg-zinc-50 p-4">
        <div className="mb-2 flex flex-wrap items-center gap-2">
          <label htmlFor={bestId} className="text-sm font-medium text-zinc-800">
            Best times for
          </label>
          <select
            id={bestId}
            value={bestFor}
            onChange={(e) => setBestFor(e.target.value as PlatformKey)}
            className={cn(inputClasses, 'h-8 w-auto py-0.5')}
          >
            {PLATFORMS.map((p) => (
              <option key={p.key} value={p.key}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
        <BestTimesList
          projectId={projectId}
          platform={bestFor}
          onPick={(weekday, hour) => add(bestFor, weekday, `${String(hour).padStart(2, '0')}:00`)}
        />
      </div>
    </form>
  );
}
