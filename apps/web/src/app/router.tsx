import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LandingScreen } from '@/features/landing/components/LandingScreen';
import { RouteError } from './RouteError';
import { PageLoading, RootLayout } from './RootLayout';
import { GuestOnly, RequireAuth } from './RouteGuards';

/** Screens load on demand: each is its own chunk, fetched when its route is first opened. */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const library = screen(
  () => import('@/features/library/components/LibraryScreen'),
  (m) => m.LibraryScreen,
);

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      // The public landing page ships with the entry chunk: its first paint must not wait for a second download.
      { path: 'landing', Component: LandingScreen },
      // A client's preview link: no account, no app around it, whether or not someone is signed in.
      {
        path: 'preview/:token',
        lazy: screen(
          () => import('@/features/preview/components/PreviewScreen'),
          (m) => m.PreviewScreen,
        ),
      },
      // Where the identity provider sends the window back. Open to everyone: the guest-only guard would
      // send the user home the moment the session is stored, before this screen has finished.
      {
        path: 'login/oidc-callback',
        lazy: screen(
          () => import('@/features/auth/components/OidcCallbackScreen'),
          (m) => m.OidcCallbackScreen,
        ),
      },
      // An invitation link: open to everyone (it says what it is for, then asks to sign in or sign up).
      {
        path: 'invite/:token',
        lazy: screen(
          () => import('@/features/members/components/JoinScreen'),
          (m) => m.JoinScreen,
        ),
      },
      {
        Component: GuestOnly,
        children: [
          {
            path: 'login',
            lazy: screen(
              () => import('@/features/auth/components/LoginScreen'),
              (m) => m.LoginScreen,
            ),
          },
          {
            path: 'signup',
            lazy: screen(
              () => import('@/features/auth/components/SignUpScreen'),
              (m) => m.SignUpScreen,
            ),
          },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: screen(
              () => import('./shell/AppShell'),
              (m) => m.AppShell,
            ),
            // Inside the shell, a failing screen keeps header and sidebar around its error message.
            children: [
              {
                ErrorBoundary: RouteError,
                children: [
                  { index: true, lazy: library },
                  { path: 'videos', lazy: library },
                  { path: 'dashboard', lazy: library },
                  {
                    path: 'posts',
                    lazy: screen(
                      () => import('@/features/posts/components/PostsScreen'),
                      (m) => m.PostsScreen,
                    ),
                  },
                  {
                    path: 'video/:id',
                    lazy: screen(
                      () => import('@/features/video/components/VideoScreen'),
                      (m) => m.VideoScreen,
                    ),
                  },
                  {
                    path: 'activity',
                    lazy: screen(
                      () => import('@/features/activity/components/ActivityScreen'),
                      (m) => m.ActivityScreen,
                    ),
                  },
                  {
                    path: 'schedule',
                    lazy: screen(
                      () => import('@/features/schedule/components/CalendarScreen'),
                      (m) => m.CalendarScreen,
                    ),
                  },
                  {
                    path: 'planning',
                    lazy: screen(
                      () => import('@/features/planning/components/PlanScreen'),
                      (m) => m.PlanScreen,
                    ),
                  },
                  {
                    path: 'accounts',
                    lazy: screen(
                      () => import('@/features/accounts/components/AccountsScreen'),
                      (m) => m.AccountsScreen,
                    ),
                  },
                  {
                    path: 'project-settings',
                    lazy: screen(
                      () => import('@/features/projects/components/ProjectSettingsScreen'),
                      (m) => m.ProjectSettingsScreen,
                    ),
                  },
                  {
                    path: 'security',
                    lazy: screen(
                      () => import('@/features/security/components/SecurityScreen'),
                      (m) => m.SecurityScreen,
                    ),
                  },
                  {
                    path: 'analytics',
                    lazy: screen(
                      () => import('@/features/analytics/components/AnalyticsScreen'),
                      (m) => m.AnalyticsScreen,
                    ),
                  },
                  {
                    path: 'recent',
                    lazy: screen(
                      () => import('@/features/search/components/RecentScreen'),
                      (m) => m.RecentScreen,
                    ),
                  },
                  {
                    path: 'shared',
                    lazy: screen(
                      () => import('@/features/shared-projects/components/SharedScreen'),
                      (m) => m.SharedScreen,
                    ),
                  },
                  {
                    path: '*',
                    lazy: screen(
                      () => import('./shell/NotFoundScreen'),
                      (m) => m.NotFoundScreen,
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: '/' });
}
