import { useEffect } from 'react';
import { Link } from 'react-router';
import { ProductNameText, useProductName, usePublicConfig } from '@/features/config';
import { ButtonLink } from '@/components/ui/Button';
import { ArrowRightIcon, CheckCircleIcon } from '@/components/ui/icons';
import { LogoMark } from '@/components/ui/Logo';
import { ICON_PLATFORMS, PlatformIcon } from '@/components/ui/PlatformIcon';
import { HeroPreview } from './HeroPreview';
import { FEATURES, FIGURES, STEPS } from './landing-content';

function useGermanDocument(productName: string) {
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.lang;
    root.lang = 'de';
    document.title = `${productName} – Videos einmal hochladen, überall veröffentlichen`;
    return () => {
      root.lang = previous;
    };
  }, [productName]);
}

function NoCardNote({ dark }: { dark?: boolean }) {
  return (
    <p className={`flex items-center gap-2 text-sm ${dark ? 'text-zinc-300' : 'text-zinc-600'}`}>
      <CheckCircleIcon className={`size-4 ${dark ? 'text-emerald-400' : 'text-emerald-600'}`} />
      Keine Kreditkarte erforderlich
    </p>
  );
}

/** Public marketing page, in German. */
export function LandingScreen() {
  const config = usePublicConfig();
  const name = useProductName();
  useGermanDocument(name);
  const brand = config.isPending ? '' : name;

  return (
    <div className="bg-white text-zinc-900">
      <header className="absolute inset-x-0 top-0 z-10">
        {/* On a phone the name gives way (it depends on the host, and may be long), never the two buttons. */}
        <nav
          aria-label="Hauptnavigation"
          className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:gap-4 sm:px-8"
        >
          <Link
            to="/landing"
            className="flex min-w-0 items-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white"
          >
            <LogoMark />
            <span className="min-w-0 truncate text-lg font-semibold tracking-tight text-white sm:min-w-20">
              <ProductNameText whileLoading="Startseite" />
            </span>
          </Link>
          <a href="#funktionen" className="ml-auto hidden text-sm font-medium text-zinc-300 hover:text-white sm:block">
            Funktionen
          </a>
          <Link to="/login" className="ml-auto shrink-0 text-sm font-medium text-zinc-200 hover:text-white sm:ml-4">
            Anmelden
          </Link>
          <ButtonLink to="/signup" size="sm" variant="light">
            Kostenlos starten
          </ButtonLink>
        </nav>
      </header>

      <main>
        <section className="relative overflow-hidden bg-zinc-950 pt-28 pb-20 sm:pt-36 sm:pb-28">
          <div
            aria-hidden="true"
            className="absolute inset-0 bg-[radial-gradient(ellipse_60%_50%_at_50%_0%,rgba(79,70,229,0.35),transparent)]"
          />
          <div className="relative mx-auto grid max-w-6xl items-center gap-14 px-5 sm:px-8 lg:grid-cols-2">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full bg-white/5 px-3 py-1 text-xs font-medium text-brand-200 ring-1 ring-white/10">
                Für Creator und Social-Media-Teams
              </p>
              <h1 className="mt-6 text-4xl leading-[1.1] font-semibold tracking-tight text-white sm:text-5xl lg:text-6xl">
                Ein Video.{' '}
                <span className="bg-gradient-to-r from-brand-300 via-fuchsia-300 to-amber-200 bg-clip-text text-transparent">
                  Sechs Plattformen.
                </span>{' '}
                Ein Dashboard.
              </h1>
              <p className="mt-6 max-w-xl text-lg leading-relaxed text-zinc-300">
                Lade deine Videos einmal hoch, ergänze Titel, Beschreibung und Tags – und veröffentliche oder plane sie
                auf allen Kanälen gleichzeitig. Ohne Copy-and-paste, ohne fünf offene Tabs.
              </p>
              <div className="mt-8 flex flex-wrap items-center gap-3">
                <ButtonLink to="/signup" size="lg">
                  Kostenlos registrieren <ArrowRightIcon className="size-4" />
                </ButtonLink>
                <ButtonLink to="/login" size="lg" variant="outline-light">
                  Anmelden
                </ButtonLink>
              </div>
              <div className="mt-5">
                <NoCardNote dark />
              </div>
              <ul
                className="mt-10 flex items-center gap-2"
                aria-label="Unterstützte Plattformen: Instagram, TikTok, YouTube, Facebook, X und Reddit"
              >
                {ICON_PLATFORMS.map((key) => (
                  <li key={key}>
                    <PlatformIcon platform={key} className="size-8 rounded-lg ring-1 ring-white/10" />
                  </li>
                ))}
              </ul>
            </div>
            <HeroPreview />
          </div>
        </section>

        <section aria-label="Zahlen" className="border-b border-zinc-100">
          <dl className="mx-auto grid max-w-6xl grid-cols-3 divide-x divide-zinc-100 px-5 sm:px-8">
            {FIGURES.map((figure) => (
              <div key={figure.label} className="flex flex-col-reverse items-center py-10 text-center">
                <dt className="mt-1 text-sm text-zinc-600">{figure.label}</dt>
                <dd className="text-4xl font-semibold tracking-tight text-zinc-900 sm:text-5xl">{figure.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section
          id="funktionen"
          aria-labelledby="funktionen-heading"
          className="mx-auto max-w-6xl scroll-mt-8 px-5 py-20 sm:px-8 sm:py-28"
        >
          <div className="max-w-2xl">
            <p className="text-sm font-semibold text-brand-600">Funktionen</p>
            <h2 id="funktionen-heading" className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">
              Alles, was zwischen Schnitt und Veröffentlichung passiert
            </h2>
            <p className="mt-4 text-lg text-zinc-600">
              Weniger Verwaltung, mehr Zeit für Inhalte – vom ersten Upload bis zur Auswertung.
            </p>
          </div>
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li
                key={title}
                className="rounded-2xl border border-zinc-200 p-6 transition-shadow hover:shadow-lg hover:shadow-zinc-900/5"
              >
                <span className="inline-flex rounded-xl bg-brand-50 p-2.5 text-brand-600">
                  <Icon />
                </span>
                <h3 className="mt-5 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-zinc-600">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="schritte-heading" className="bg-zinc-50">
          <div className="mx-auto max-w-6xl px-5 py-20 sm:px-8 sm:py-24">
            <h2 id="schritte-heading" className="text-3xl font-semibold tracking-tight sm:text-4xl">
              In drei Schritten online
            </h2>
            <ol className="mt-12 grid gap-6 md:grid-cols-3">
              {STEPS.map((step, index) => (
                <li key={step.title} className="rounded-2xl bg-white p-6 ring-1 ring-zinc-200">
                  <span className="flex size-9 items-center justify-center rounded-full bg-zinc-900 text-sm font-semibold text-white">
                    {index + 1}
                  </span>
                  <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-zinc-600">{step.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-5 py-20 sm:px-8 sm:py-24">
          <div className="relative overflow-hidden rounded-3xl bg-zinc-950 px-6 py-14 text-center sm:px-12">
            <div
              aria-hidden="true"
              className="absolute inset-0 bg-[radial-gradient(ellipse_70%_60%_at_50%_0%,rgba(79,70,229,0.45),transparent)]"
            />
            <h2 id="cta-heading" className="relative text-3xl font-semibold tracking-tight text-white sm:text-4xl">
              Bereit, deine Reichweite zu vervielfachen?
            </h2>
            <p className="relative mx-auto mt-4 max-w-xl text-zinc-300">
              Erstelle dein Konto in unter einer Minute und veröffentliche dein erstes Video noch heute.
            </p>
            <div className="relative mt-8 flex flex-wrap justify-center gap-3">
              <ButtonLink to="/signup" size="lg" variant="light">
                Jetzt kostenlos starten
              </ButtonLink>
              <ButtonLink to="/login" size="lg" variant="outline-light">
                Ich habe schon ein Konto
              </ButtonLink>
            </div>
            <div className="relative mt-6 flex justify-center">
              <NoCardNote dark />
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t border-zinc-100">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-5 py-8 text-sm text-zinc-500 sm:flex-row sm:px-8">
          <p>
            © {new Date().getFullYear()} {brand}
          </p>
          <p>Hochladen. Ergänzen. Veröffentlichen.</p>
        </div>
      </footer>
    </div>
  );
}
