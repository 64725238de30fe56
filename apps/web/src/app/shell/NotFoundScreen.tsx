import { useLocation } from 'react-router';
import { usePageTitle } from '@/features/config';
import { ButtonLink } from '@/components/ui/Button';

export function NotFoundScreen() {
  usePageTitle('Page not found');
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center py-16 text-center sm:py-24">
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-zinc-900">Page not found</h1>
      <p className="mt-3 text-sm text-zinc-500">
        There is nothing at <code className="rounded bg-zinc-100 px-1.5 py-0.5 text-zinc-700">{pathname}</code>. It may
        have moved, or the link may be mistyped.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/dashboard">Go to my videos</ButtonLink>
        <ButtonLink to="/accounts" variant="secondary">
          Connected accounts
        </ButtonLink>
      </div>
    </div>
  );
}
