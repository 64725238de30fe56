import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/Button';
import { WarningIcon } from '@/components/ui/icons';

/** Shown instead of a screen that failed to load or to render (a stale chunk after a deploy, say). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center sm:py-24">
      <WarningIcon className="size-8 text-red-600" />
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-zinc-900">Something went wrong</h1>
      <p className="mt-2 text-sm text-zinc-600">
        This page could not be shown. Reloading usually helps; your videos and settings are safe.
      </p>
      {detail && <p className="mt-2 text-xs text-zinc-500">{detail}</p>}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
        <ButtonLink to="/dashboard" variant="secondary">
          Go to my videos
        </ButtonLink>
      </div>
    </div>
  );
}
