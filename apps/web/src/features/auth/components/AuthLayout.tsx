import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ProductNameText } from '@/features/config';
import { ICON_PLATFORMS, PlatformIcon } from '@/components/ui/PlatformIcon';
import { LogoMark } from '@/components/ui/Logo';
import { CheckCircleIcon } from '@/components/ui/icons';

const POINTS = [
  'Upload once, publish to six platforms',
  'Schedule posts for the moment your audience is there',
  'One workspace per client or channel',
];

/** Two columns on wide screens: the form, and a panel that says what the product is for. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle: ReactNode; children: ReactNode }) {
  return (
    <div className="grid min-h-dvh bg-white lg:grid-cols-[1fr_minmax(0,560px)]">
      <main className="flex flex-col px-5 py-8 sm:px-10">
        <Link
          to="/landing"
          className="flex w-fit items-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          <LogoMark />
          <span className="text-lg font-semibold tracking-tight text-zinc-900">
            <ProductNameText whileLoading="Home" />
          </span>
        </Link>
        <div className="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center py-10">
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl">{title}</h1>
          <p className="mt-2 text-sm text-zinc-600">{subtitle}</p>
          <div className="mt-8">{children}</div>
        </div>
      </main>
      <aside className="relative hidden overflow-hidden bg-zinc-950 lg:flex lg:flex-col lg:justify-center lg:px-14">
        <div className="absolute -top-32 -right-32 size-96 rounded-full bg-brand-600/40 blur-3xl" aria-hidden="true" />
        <div
          className="absolute -bottom-40 -left-20 size-96 rounded-full bg-fuchsia-600/25 blur-3xl"
          aria-hidden="true"
        />
        <div className="relative">
          <p className="text-3xl leading-tight font-semibold tracking-tight text-white">
            One video in.
            <br />
            <span className="bg-gradient-to-r from-brand-300 to-fuchsia-300 bg-clip-text text-transparent">
              Six platforms out.
            </span>
          </p>
          <ul className="mt-8 space-y-3">
            {POINTS.map((point) => (
              <li key={point} className="flex items-center gap-3 text-zinc-300">
                <CheckCircleIcon className="size-5 text-brand-300" />
                {point}
              </li>
            ))}
          </ul>
          <div className="mt-10 flex gap-2" aria-hidden="true">
            {ICON_PLATFORMS.map((key) => (
              <PlatformIcon key={key} platform={key} className="size-9 rounded-xl ring-1 ring-white/10" />
            ))}
          </div>
        </div>
      </aside>
    </div>
  );
}
