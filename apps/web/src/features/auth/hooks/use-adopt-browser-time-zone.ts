import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '@/lib/api-client';
import { useMe } from '../api/get-me';
import { storeMe, updateMe } from '../api/update-me';
import { browserTimeZone, rememberTimeZoneAsked, timeZoneAsked } from '../browser-time-zone';
import { useSession } from '../session-store';

/** Accounts whose zone is being sent right now: effects run twice in development, the request must not. */
const sending = new Set<number>();

/**
 * An account still on the default 'UTC' (made through an identity provider, or before zones existed) takes
 * this browser's zone once, the first time it signs in here. Once asked, never again on this browser: a
 * person who then picks UTC in the settings keeps it.
 */
export function useAdoptBrowserTimeZone() {
  const { isLoggedIn } = useSession();
  const me = useMe(isLoggedIn);
  const queryClient = useQueryClient();
  const userId = me.data?.user.id;
  const currentZone = me.data?.user.timeZone;

  useEffect(() => {
    if (userId === undefined || currentZone !== 'UTC' || sending.has(userId) || timeZoneAsked(userId)) return;
    const zone = browserTimeZone();
    if (!zone || zone === 'UTC') return;
    sending.add(userId);
    updateMe({ timeZone: zone })
      .then((result) => storeMe(queryClient, result))
      .catch((error: unknown) => {
        // The server does not know this browser's zone: do not offer it again. Offline or busy: next time.
        if (error instanceof ApiError && error.status === 400) rememberTimeZoneAsked(userId);
      })
      .finally(() => sending.delete(userId));
  }, [userId, currentZone, queryClient]);
}
