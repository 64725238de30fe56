import { ICON_PLATFORMS, PlatformIcon } from '@/components/ui/PlatformIcon';

const ROWS = [
  {
    title: 'Sommer-Vlog: Lissabon',
    status: 'Veröffentlicht',
    tone: 'bg-emerald-100 text-emerald-800',
    platforms: 5,
    w: 'w-3/4',
  },
  {
    title: 'Produkt-Teaser #12',
    status: 'Geplant · Fr 18:00',
    tone: 'bg-sky-100 text-sky-800',
    platforms: 4,
    w: 'w-2/3',
  },
  { title: 'Behind the Scenes', status: 'Bereit', tone: 'bg-indigo-100 text-indigo-800', platforms: 3, w: 'w-1/2' },
];

/** A drawn, not photographed, glimpse of the dashboard: sharp at every size and nothing to download. */
export function HeroPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-xl">
      <div className="absolute -inset-6 rounded-[2rem] bg-[radial-gradient(closest-side,rgba(168,85,247,0.25),transparent)]" />
      <div className="relative overflow-hidden rounded-2xl border border-white/10 bg-zinc-900 shadow-2xl ring-1 ring-white/10">
        <div className="flex items-center gap-1.5 border-b border-white/10 px-4 py-3">
          <span className="size-2.5 rounded-full bg-red-400/80" />
          <span className="size-2.5 rounded-full bg-amber-400/80" />
          <span className="size-2.5 rounded-full bg-emerald-400/80" />
          <span className="ml-3 h-5 flex-1 rounded-md bg-white/5" />
        </div>
        <div className="space-y-3 p-4 sm:p-5">
          {ROWS.map((row) => (
            <div key={row.title} className="flex items-center gap-3 rounded-xl bg-white/[0.04] p-3 ring-1 ring-white/5">
              <div className="flex aspect-video w-20 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-brand-600 to-fuchsia-600 sm:w-24">
                <svg viewBox="0 0 24 24" className="size-6 fill-white/90">
                  <path d="M8 5.5v13l11-6.5z" />
                </svg>
              </div>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-white">{row.title}</p>
                <div className={`mt-1.5 h-1.5 rounded-full bg-white/10 ${row.w}`} />
                <div className="mt-2 flex items-center gap-1">
                  {ICON_PLATFORMS.slice(0, row.platforms).map((key) => (
                    <PlatformIcon key={key} platform={key} className="size-4 rounded" />
                  ))}
                </div>
              </div>
              <span className={`hidden rounded-full px-2 py-0.5 text-[11px] font-medium sm:inline ${row.tone}`}>
                {row.status}
              </span>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
