import type { Project } from '@fanout/contracts';
import { formatVideoCount } from '@/lib/format';

/** A project someone else owns, shared with the person. */
export const isShared = (p: Project) => p.role !== 'owner';

/**
 * The line under a project's name: its videos, and for a shared project the person's role and whose it is
 * ("3 videos · editor · Olivia's"), so the switcher says where the person stands before they act.
 */
export function projectLine(p: Project): string {
  const videos = formatVideoCount(p.video_count);
  if (!isShared(p)) return videos;
  return [videos, p.role, p.ownerName ? `${p.ownerName}’s` : null].filter(Boolean).join(' · ');
}
