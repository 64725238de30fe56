import { Navigate, Outlet, useLocation } from 'react-router';
import { sessionEndedBySignOut, useSession } from '@/features/auth';
import { guardRedirect } from './route-guard';

/**
 * Protected routes: without a token, to /login, remembering where the user wanted to go — except after
 * signing out, so that whoever signs in next on this browser starts at home.
 */
export function RequireAuth() {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  const redirect = guardRedirect('requires-auth', isLoggedIn);
  if (redirect) {
    const state = sessionEndedBySignOut() ? null : { from: location.pathname + location.search };
    return <Navigate to={redirect} replace state={state} />;
  }
  return <Outlet />;
}

/** Login and sign-up: a signed-in user goes home. */
export function GuestOnly() {
  const { isLoggedIn } = useSession();
  const redirect = guardRedirect('guest-only', isLoggedIn);
  if (redirect) return <Navigate to={redirect} replace />;
  return <Outlet />;
}
