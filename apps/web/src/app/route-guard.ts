/** Route access of spec section 2: public pages, guest-only pages, and pages that need a session. */
export type RouteAccess = 'public' | 'guest-only' | 'requires-auth';

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
/** Public: the identity provider returns here, with or without a session in this browser. */
export const OIDC_CALLBACK_PATH = '/login/oidc-callback';

/** Where a visitor must be sent instead, or null when the route may be shown. */
export function guardRedirect(access: RouteAccess, hasToken: boolean): string | null {
  if (access === 'requires-auth' && !hasToken) return LOGIN_PATH;
  if (access === 'guest-only' && hasToken) return HOME_PATH;
  return null;
}

/** Header and sidebar are hidden on these pages. */
export const CHROMELESS_PATHS = ['/landing', '/login', '/signup', OIDC_CALLBACK_PATH] as const;

export function showsAppChrome(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return !(CHROMELESS_PATHS as readonly string[]).includes(path);
}
