import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/features/auth';
import { guardRedirect } from './route-guard';

/** Protected routes: without a token, to /login (remembering where the user wanted to go). */
export function RequireAuth() {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  const redirect = guardRedirect('requires-auth', isLoggedIn);
  if (redirect) return <Navigate to={redirect} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/** Login and sign-up: a signed-in user goes home. */
export function GuestOnly() {
  const { isLoggedIn } = useSession();
  const redirect = guardRedirect('guest-only', isLoggedIn);
  if (redirect) return <Navigate to={redirect} replace />;
  return <Outlet />;
}
