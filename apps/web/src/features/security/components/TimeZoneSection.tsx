import { useId, useMemo, useState } from 'react';
import { supportedTimeZones, utcToZoned, zoneOffset } from '@fanout/contracts';
import { Button } from '@/components/ui/Button';
import { inputClasses, TextField } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { ClockIcon } from '@/components/ui/icons';
import { useMe, useSession, useUpdateMe } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { SectionLoadState } from './SectionLoadState';
import { SecuritySection } from './SecuritySection';

interface ZoneOption {
  name: string;
  label: string;
  /** What a search is matched against: the name with spaces for underscores, and the offset. */
  haystack: string;
}

/** Every zone with its offset now; the user's own stays listed even if this browser spells it differently. */
function zoneOptions(current: string, now: number): ZoneOption[] {
  const names = supportedTimeZones().includes(current) ? supportedTimeZones() : [current, ...supportedTimeZones()];
  return names.map((name) => {
    const offset = `UTC${zoneOffset(now, name)}`;
    const readable = name.replaceAll('_', ' ');
    return { name, label: `${readable} (${offset})`, haystack: `${readable} ${offset}`.toLowerCase() };
  });
}

function describeNow(zone: string, now: number): string {
  const { date, time, offset, abbreviation } = utcToZoned(now, zone);
  return `It is now ${date} ${time} there, UTC${offset}${abbreviation ? ` (${abbreviation})` : ''}.`;
}

function TimeZoneForm({ current }: { current: string }) {
  const listId = useId();
  const now = useMemo(() => Date.now(), []);
  const options = useMemo(() => zoneOptions(current, now), [current, now]);
  const [search, setSearch] = useState('');
  /** Undefined until the person picks one: until then the form follows the saved zone. */
  const [picked, setPicked] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [done, setDone] = useState<string>();
  const update = useUpdateMe();
  const chosen = picked ?? current;

  const needle = search.trim().toLowerCase().replaceAll('_', ' ');
  const matches = needle ? options.filter((option) => option.haystack.includes(needle)) : options;
  // The chosen zone stays in the list, so the list never shows a selection that is not there.
  const shown = matches.some((option) => option.name === chosen)
    ? matches
    : [...options.filter((option) => option.name === chosen), ...matches];

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setDone(undefined);
    setServerError(undefined);
    try {
      const result = await update.mutateAsync({ timeZone: chosen });
      setPicked(undefined);
      setDone(`Saved. Times are now shown in ${result.user.timeZone.replaceAll('_', ' ')}.`);
    } catch (err) {
      setServerError(errorMessage(err, 'The time zone could not be saved.'));
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Change time zone" className="max-w-md space-y-4">
      <FormAlert message={serverError} className="mb-0" />
      <p className="text-sm text-zinc-700">
        Current time zone: <span className="font-medium text-zinc-900">{current.replaceAll('_', ' ')}</span>
      </p>
      <TextField
        label="Search time zones"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        hint="A city, a region or an offset, such as Berlin, New York or +05:30."
      />
      <div>
        <label htmlFor={listId} className="mb-1.5 block text-sm font-medium text-zinc-800">
          Time zone
        </label>
        <select
          id={listId}
          size={8}
          value={chosen}
          onChange={(event) => {
            setPicked(event.target.value);
            setDone(undefined);
          }}
          className={inputClasses}
        >
          {shown.map((option) => (
            <option key={option.name} value={option.name}>
              {option.label}
            </option>
          ))}
        </select>
        <p className="mt-1.5 text-xs text-zinc-500">
          {matches.length === 0 ? `No time zone matches “${search.trim()}”. ` : ''}
          {describeNow(chosen, now)}
        </p>
      </div>
      <Button type="submit" busy={update.isPending} disabled={chosen === current}>
        Save time zone
      </Button>
      {done && (
        <p role="status" className="text-sm font-medium text-emerald-700">
          {done}
        </p>
      )}
    </form>
  );
}

/** The zone in which the user enters and reads times (scheduled posts, calendars); new projects start in it. */
export function TimeZoneSection() {
  const { isLoggedIn } = useSession();
  const me = useMe(isLoggedIn);
  const current = me.data?.user.timeZone;
  return (
    <SecuritySection
      id="time-zone"
      title="Time zone"
      icon={ClockIcon}
      description="Dates and times you enter and see, such as scheduled posts, are in this zone. New projects start in it."
    >
      {current ? <TimeZoneForm current={current} /> : <SectionLoadState query={me} what="your time zone" />}
    </SecuritySection>
  );
}
