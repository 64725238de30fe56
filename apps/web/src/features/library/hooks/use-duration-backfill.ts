import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Video } from '@fanout/contracts';
import { formatDuration, UNKNOWN_DURATION } from '@/lib/format';
import { saveDurationAndCache } from '../api/save-duration';
import { mediaUrl, readMediaDuration } from '../media-duration';

/** Ids already tried in this page's life, so a file whose duration cannot be read is not retried in a loop. */
const attempted = new Set<number>();

/**
 * Spec section 4: every video with duration '0:00' and a file gets its duration read from the media
 * and saved. One at a time, so a long list does not open dozens of media requests at once.
 */
export function useDurationBackfill(videos: readonly Video[] | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const pending = (videos ?? []).filter((v) => v.duration === UNKNOWN_DURATION && v.filename && !attempted.has(v.id));
    if (pending.length === 0) return;
    let cancelled = false;
    void (async () => {
      for (const video of pending) {
        if (cancelled) return;
        attempted.add(video.id);
        try {
          const seconds = await readMediaDuration(mediaUrl(video.filename));
          await saveDurationAndCache(queryClient, video, formatDuration(seconds));
        } catch (error) {
          // Failures are logged only: the list keeps showing '0:00'.
          console.warn(`Could not backfill the duration of video ${video.id}`, error);
        }
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [videos, queryClient]);
}
