import { useEffect, useRef, useState } from 'react';
import type { NotificationList } from '@fanout/contracts';

/**
 * The sentence of a notification that has just arrived (not of those there when the list first loaded), for
 * a polite live region: people who do not see the badge change hear what happened.
 */
export function useArrivalAnnouncement(list: NotificationList | undefined): string {
  const newestSeen = useRef<number | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (!list) return;
    const newest = list.notifications[0];
    const before = newestSeen.current;
    newestSeen.current = Math.max(before ?? 0, newest?.id ?? 0);
    if (before !== undefined && newest && newest.id > before && !newest.read) setAnnouncement(newest.message);
  }, [list]);
  return announcement;
}
