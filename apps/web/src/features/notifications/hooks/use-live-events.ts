import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyActivityEvent } from '@/features/activity';
import { useSession } from '@/features/auth';
import { refreshAfterPostChange } from '@/features/posts';
import { keepEventStreamOpen } from '@/lib/event-stream';
import { notificationsQueryKey } from '../api/get-notifications';
import { applyNotificationEvent, applyPostEvent, readLiveEvent } from '../live-events';

/** Post lists and videos refetch at most this often while posts change (upload progress moves fast). */
export const REFRESH_EVERY_MS = 1_000;

/** Runs `run` at once, then at most once per `ms`: calls in between make one more run at the end. */
function coalesce(run: () => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let again = false;
  const settle = () => {
    if (!again) return void (timer = undefined);
    again = false;
    run();
    timer = setTimeout(settle, ms);
  };
  return {
    call() {
      if (timer) return void (again = true);
      run();
      timer = setTimeout(settle, ms);
    },
    cancel: () => clearTimeout(timer),
  };
}

/** An `activity` event goes on top of the open Activity screen's list. */
function applyLiveActivity(queryClient: ReturnType<typeof useQueryClient>, data: string) {
  try {
    applyActivityEvent(queryClient, JSON.parse(data));
  } catch {
    // Not JSON: nothing to show.
  }
}

/**
 * The live event stream of the signed-in person (GET /api/events), open while signed in: notifications go
 * to the bell, post changes to every post list and video. Mounted once, in the app shell.
 */
export function useLiveEvents() {
  const { token } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    const refresh = coalesce(() => refreshAfterPostChange(queryClient), REFRESH_EVERY_MS);
    const stop = keepEventStreamOpen('/events', {
      onOpen: (again) => {
        if (!again) return;
        // What happened while the stream was down was missed: read it afresh.
        void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
        void queryClient.invalidateQueries({ queryKey: ['activity', 'trail'] });
        refresh.call();
      },
      onEvent: (raw) => {
        if (raw.event === 'activity') return void applyLiveActivity(queryClient, raw.data);
        const event = readLiveEvent(raw);
        if (event?.kind === 'notification') applyNotificationEvent(queryClient, event.data);
        if (event?.kind === 'post') {
          if (event.data) applyPostEvent(queryClient, event.data);
          refresh.call();
        }
      },
    });
    return () => {
      stop();
      refresh.cancel();
    };
  }, [token, queryClient]);
}
