import { useQueryClient } from '@tanstack/react-query';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { useEndPendingSignOuts } from '@/features/auth';
import { useSignal } from '@/lib/signals';
import { LOGIN_PATH } from './route-guard';

/**
 * Top of every page: after a 401 the session is gone, so cached data goes and the user signs in again.
 * Sign-outs the server could not be told about are retried from here.
 */
export function RootLayout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEndPendingSignOuts();
  useSignal('session-expired', () => {
    queryClient.clear();
    void navigate(LOGIN_PATH, { replace: true });
  });
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

export function PageLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-live="polite">
      <span className="sr-only">Loading…</span>
      <span
        className="size-8 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600"
        aria-hidden="true"
      />
    </div>
  );
}
