import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { clearSession, setUser, useAdoptBrowserTimeZone, useMe, useSession } from '@/features/auth';
import { UploadModal } from '@/features/library';
import { useLiveEvents } from '@/features/notifications';
import { CreatePostDialog } from '@/features/posts';
import { ApiError } from '@/lib/api-client';
import { Header } from './Header';
import { MobileMenu } from './MobileMenu';
import { SidebarContent } from './SidebarContent';

/** Checks the stored session with the server: a refused session logs the user out. */
function useSessionCheck() {
  const { isLoggedIn, user } = useSession();
  const me = useMe(isLoggedIn);
  useEffect(() => {
    if (me.error instanceof ApiError) clearSession();
  }, [me.error]);
  useEffect(() => {
    if (me.data && JSON.stringify(me.data.user) !== JSON.stringify(user)) setUser(me.data.user);
  }, [me.data, user]);
}

/** Header, sidebar and the page: everything behind the sign-in. */
export function AppShell() {
  const [menuOpen, setMenuOpen] = useState(false);
  const navigation = useNavigation();
  const { pathname } = useLocation();
  useSessionCheck();
  useAdoptBrowserTimeZone();
  useLiveEvents();
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-[70] rounded-lg bg-white px-4 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {navigation.state === 'loading' && (
        <div className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-brand-100" aria-hidden="true">
          <div className="h-full w-1/3 animate-pulse bg-brand-600" />
        </div>
      )}
      <Header onOpenMenu={() => setMenuOpen(true)} />
      <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
      <div className="lg:pl-64">
        <aside
          aria-label="Sidebar"
          className="fixed top-16 bottom-0 left-0 hidden w-64 overflow-y-auto border-r border-zinc-200 bg-white lg:block"
        >
          <SidebarContent />
        </aside>
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-[1400px] px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8"
        >
          <Outlet />
        </main>
      </div>
      <UploadModal />
      <CreatePostDialog />
    </div>
  );
}
