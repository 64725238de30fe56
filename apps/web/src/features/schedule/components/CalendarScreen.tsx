import { usePageTitle } from '@/features/config';
import { ButtonLink } from '@/components/ui/Button';
import { PageHeader } from '@/components/ui/States';
import { cn } from '@/components/ui/cn';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** Days shown for a month, Monday first, padded with the neighbouring months' days. */
function monthGrid(today: Date): { date: Date; inMonth: boolean }[] {
  const first = new Date(today.getFullYear(), today.getMonth(), 1);
  const start = new Date(first);
  start.setDate(first.getDate() - ((first.getDay() + 6) % 7));
  return Array.from({ length: 42 }, (_, i) => {
    const date = new Date(start);
    date.setDate(start.getDate() + i);
    return { date, inMonth: date.getMonth() === today.getMonth() };
  });
}

const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export function CalendarScreen() {
  usePageTitle('Schedule');
  const today = new Date();
  const month = today.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
  return (
    <>
      <PageHeader
        title="Schedule"
        subtitle="Scheduled posts by day and time."
        actions={<ButtonLink to="/dashboard">Go to my videos</ButtonLink>}
      />
      <div className="mb-4 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
        Nothing is scheduled yet. Videos with completed details can be scheduled from the library; each scheduled post
        shows up on its day here.
      </div>
      <section aria-label={month} className="overflow-hidden rounded-2xl border border-zinc-200 bg-white">
        <h2 className="border-b border-zinc-100 px-4 py-3 font-semibold text-zinc-900">{month}</h2>
        <div
          className="grid grid-cols-7 border-b border-zinc-100 bg-zinc-50 text-center text-xs font-medium text-zinc-500"
          aria-hidden="true"
        >
          {WEEKDAYS.map((day) => (
            <div key={day} className="py-2">
              {day}
            </div>
          ))}
        </div>
        <ol className="grid grid-cols-7">
          {monthGrid(today).map(({ date, inMonth }) => {
            const isToday = date.toDateString() === today.toDateString();
            return (
              <li
                key={isoDay(date)}
                className={cn(
                  'h-14 border-t border-r border-zinc-100 p-1.5 text-xs sm:h-24 [&:nth-child(7n)]:border-r-0',
                  !inMonth && 'bg-zinc-50/60',
                )}
              >
                <time
                  dateTime={isoDay(date)}
                  aria-current={isToday ? 'date' : undefined}
                  className={cn(
                    'inline-flex size-6 items-center justify-center rounded-full',
                    isToday ? 'bg-brand-600 font-semibold text-white' : inMonth ? 'text-zinc-800' : 'text-zinc-500',
                  )}
                >
                  {date.getDate()}
                </time>
              </li>
            );
          })}
        </ol>
      </section>
    </>
  );
}
