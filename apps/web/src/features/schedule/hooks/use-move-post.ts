import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Post, PostViolation } from '@fanout/contracts';
import { formatInZone, platformName, postViolations, useUpdatePost } from '@/features/posts';
import { errorMessage } from '@/lib/api-client';
import type { ResolvedTime } from '../calendar-time';

/** What the screen says after a move: done (with Undo), or why the server refused it. */
export type MoveOutcome =
  | { kind: 'moved'; post: Post; from: string; message: string }
  | { kind: 'refused'; message: string; violations: PostViolation[] };

const shiftNote = (time: ResolvedTime, zone: string) =>
  time.shiftedFrom
    ? ` (${time.shiftedFrom.slice(11)} does not exist that day on ${zone.replaceAll('_', ' ')} clocks)`
    : '';

/**
 * Moving a post in time through PATCH /api/posts/:id, validated by the server like any edit, with the last
 * move kept for Undo. The calendar's copy of the post moves at once and moves back if the server refuses.
 */
export function useMovePost(zone: string) {
  const update = useUpdatePost();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<MoveOutcome | null>(null);

  function placeInCalendar(id: number, scheduledAt: string) {
    queryClient.setQueriesData<Post[]>({ queryKey: ['posts', 'calendar'] }, (posts) =>
      posts?.map((p) => (p.id === id ? { ...p, scheduledAt } : p)),
    );
  }

  async function move(post: Post, time: ResolvedTime, options: { undo?: boolean } = {}): Promise<boolean> {
    const from = post.scheduledAt;
    placeInCalendar(post.id, time.scheduledAt);
    try {
      const { post: moved } = await update.mutateAsync({ id: post.id, body: { scheduledAt: time.scheduledAt } });
      const what = `${post.videoTitle} on ${platformName(post.platform)}`;
      const when = formatInZone(moved.scheduledAt, zone);
      setOutcome(
        options.undo
          ? null
          : { kind: 'moved', post: moved, from, message: `Moved ${what} to ${when}${shiftNote(time, zone)}.` },
      );
      return true;
    } catch (err) {
      placeInCalendar(post.id, from);
      const violations = postViolations(err);
      setOutcome({
        kind: 'refused',
        message: errorMessage(err, `${post.videoTitle} could not be moved.`),
        violations,
      });
      return false;
    }
  }

  /** Back to where the last move took it from. */
  async function undo() {
    if (outcome?.kind !== 'moved') return;
    await move(outcome.post, { local: '', scheduledAt: outcome.from }, { undo: true });
  }

  return { move, undo, outcome, dismiss: () => setOutcome(null), isPending: update.isPending };
}
