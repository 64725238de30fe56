import { isValidTimeZone } from '@fanout/contracts';
import { useMe, useSession } from '@/features/auth';

/**
 * The signed-in person's IANA zone, in which the server reads `scheduledLocal`: the server's answer, else
 * the copy kept with the session (it holds the whole user), else UTC as the server's own default.
 */
export function useUserTimeZone(): string {
  const { isLoggedIn, user } = useSession();
  const me = useMe(isLoggedIn);
  const fromServer = me.data?.user.timeZone;
  if (fromServer && isValidTimeZone(fromServer)) return fromServer;
  const stored = (user as { timeZone?: unknown } | null)?.timeZone;
  return isValidTimeZone(stored) ? stored : 'UTC';
}
