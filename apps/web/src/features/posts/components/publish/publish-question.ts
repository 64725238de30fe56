import type { PlatformKey } from '@fanout/contracts';
import { platformName } from '../../platform-names';
import type { Question } from './PublishQuestion';

export type When = 'now' | 'schedule' | 'queue';

/** "X (Twitter)", "Facebook and X (Twitter)", "TikTok, Facebook and X (Twitter)". */
export function listNames(platforms: readonly PlatformKey[]): string {
  const all = platforms.map(platformName);
  return all.length <= 1 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')} and ${all[all.length - 1]}`;
}

const VERB: Record<When, string> = { now: 'publish', schedule: 'schedule', queue: 'queue' };

/** The summary's button that sends the post where it passes. */
export function passingLabel(when: When, count: number): string {
  if (when === 'now') return `Publish to the ${count} that pass`;
  return `${when === 'schedule' ? 'Schedule' : 'Queue'} the ${count} that pass`;
}

export interface QuestionInput {
  when: When;
  /** Where the post goes. */
  send: readonly PlatformKey[];
  /** Ticked, but left out because they would refuse it. */
  leaveOut: readonly PlatformKey[];
  /** Of `send`, the accounts that are not in the sandbox, when the person wants to be asked about them. */
  live: readonly PlatformKey[];
  /** "for 01. Juni 2030, 10:00 CEST", for a scheduled post. */
  at?: string;
}

/** The one question to ask before sending, in words; null when there is nothing to ask. */
export function questionFor({ when, send, leaveOut, live, at }: QuestionInput): Question | null {
  const sentences: string[] = [];
  if (leaveOut.length > 0) {
    const them = leaveOut.length === 1 ? 'it is' : 'they are';
    sentences.push(`${listNames(leaveOut)} would refuse this post as it is, so ${them} left out.`);
  }
  const liveNow = when === 'now' ? live : [];
  if (liveNow.length > 0) {
    const what = liveNow.length === 1 ? 'is a live account' : 'are live accounts';
    sentences.push(`${listNames(liveNow)} ${what}: the post goes out there at once, for everyone to see.`);
  }
  if (sentences.length === 0) return null;
  const where = listNames(send);
  sentences.push(
    when === 'now'
      ? `Publish now to ${where}?`
      : when === 'schedule'
        ? `Schedule it on ${where}${at ? ` ${at}` : ''}?`
        : `Add it to the queue of ${where}?`,
  );
  const leaving = leaveOut.length > 0;
  return {
    title: leaving ? `${passingLabel(when, send.length)}?` : 'Publish now?',
    sentences,
    confirmLabel: leaving ? `Leave ${listNames(leaveOut)} out and ${VERB[when]}` : 'Publish now',
    mayStopAsking: liveNow.length > 0,
  };
}
