import {
  roleCan,
  type ActivityStreamEvent,
  type Capability,
  type NotificationEvent,
  type PostEvent,
  type RenditionEvent,
} from '@fanout/contracts';
import type { AppContext } from '../../context';
import { listMemberPlaces, type MemberPlace } from '../../repositories/member-places.repository';
import { countUnread } from '../../repositories/notifications.repository';
import { findUserSession } from '../../repositories/user-sessions.repository';
import { toActivityEvent } from '../activity/activity-trail';
import { toPostJson } from '../posts/post-json';
import { toRenditionJson } from '../renditions/rendition-json';
import { ChangeFeed, type Changes } from './change-feed';
import { listenForChanges, type ChangeSignal } from './change-signal';
import { toNotificationJson } from './notification-json';

/** Where one open stream's events go (the route writes them as Server-Sent Events). */
export interface EventSink {
  send(event: 'notification', data: NotificationEvent): void;
  send(event: 'post', data: PostEvent): void;
  send(event: 'activity', data: ActivityStreamEvent): void;
  send(event: 'rendition', data: RenditionEvent): void;
  /** A comment line: keeps proxies and the client's idle timers from closing a quiet stream. */
  comment(text: string): void;
  end(): void;
}

export interface EventHubOptions {
  /** The safety net: how often the feed looks when the database has said nothing (it says so at once). */
  pollMs: number;
  heartbeatMs: number;
}

const DEFAULTS: EventHubOptions = { pollMs: 5_000, heartbeatMs: 25_000 };

/** After a wake-up, the feed waits this long so that a burst of changes is read in one look. */
const COALESCE_MS = 20;

/** Enough for a person with several tabs and devices; past it the oldest stream of theirs is ended. */
export const MAX_STREAMS_PER_USER = 10;

interface Listener {
  userId: number;
  sessionId: number;
  sink: EventSink;
}

/**
 * The live event streams of one server process. One loop runs while at least one stream is open: it reads
 * the new notifications and changed posts of the users listening (ChangeFeed) and hands each to that user's
 * streams. It reads as soon as the database announces a change of a listening user (LISTEN/NOTIFY, sent by
 * the writing transaction of any process: change-signal.ts), and every `pollMs` besides, in case an
 * announcement was missed. Reading the database, rather than hearing of changes in memory, is what makes a
 * change made by a worker process, or through another API process, reach the streams of every API process.
 */
export class EventHub {
  private readonly listeners = new Map<number, Set<Listener>>();
  private readonly options: EventHubOptions;
  private running: Promise<void> | undefined;
  /** Resolves the wait between two polls early (a change announced, closing). */
  private wake: (() => void) | undefined;
  /** A change was announced since the last poll began: the next poll starts at once. */
  private changed = false;
  private signal: ChangeSignal | undefined;
  private closed = false;
  /**
   * The shared projects of the people listening, as of the last poll: a change in one (its rows carry the
   * owner's id) goes to its members' streams too, as far as their role lets them see it.
   */
  private places: MemberPlace[] = [];
  /** Resolves once the running loop's feed has started (or failed to: the stream opens all the same). */
  private ready: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: AppContext,
    options: Partial<EventHubOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Adds a stream; resolves once the feed is reading, so any change made after it reaches the stream. */
  async subscribe(user: { id: number; sessionId: number }, sink: EventSink): Promise<() => void> {
    if (this.closed) {
      sink.end();
      return () => {};
    }
    const listener: Listener = { userId: user.id, sessionId: user.sessionId, sink };
    const own = this.listeners.get(user.id) ?? new Set<Listener>();
    this.listeners.set(user.id, own);
    own.add(listener);
    if (own.size > MAX_STREAMS_PER_USER) this.drop(own.values().next().value!);
    this.signal ??= listenForChanges(
      { db: this.ctx.db, databaseUrl: this.ctx.config.databaseUrl, log: this.ctx.log },
      (userId) => this.onChange(userId),
    );
    this.running ??= this.run();
    await this.ready;
    return () => this.remove(listener);
  }

  /** Ends every stream and stops the loop (server shutdown): an open stream must not hold the shutdown. */
  async close(): Promise<void> {
    this.closed = true;
    for (const own of this.listeners.values()) for (const listener of own) listener.sink.end();
    this.listeners.clear();
    this.wake?.();
    await this.running;
    await this.signal?.close();
  }

  private onChange(userId: number | undefined): void {
    const watched = userId === undefined || this.listeners.has(userId) || this.places.some((p) => p.ownerId === userId);
    if (!watched) return;
    this.changed = true;
    this.wake?.();
  }

  private async run(): Promise<void> {
    let markReady!: () => void;
    this.ready = new Promise((resolve) => (markReady = resolve));
    let feed: ChangeFeed | undefined;
    let lastHeartbeat = Date.now();
    try {
      while (!this.closed && this.listeners.size > 0) {
        try {
          feed ??= await ChangeFeed.start(this.ctx.db);
          markReady();
          this.changed = false;
          const listening = [...this.listeners.keys()];
          this.places = await listMemberPlaces(this.ctx.db, listening);
          const owners = new Set([...listening, ...this.places.map((p) => p.ownerId)]);
          await this.deliver(await feed.poll([...owners]));
          if (Date.now() - lastHeartbeat >= this.options.heartbeatMs) {
            lastHeartbeat = Date.now();
            await this.heartbeat();
          }
        } catch (err) {
          if (!this.closed) this.ctx.log.error({ err }, 'live events: reading changes failed; trying again');
        }
        markReady();
        await this.pause();
      }
    } finally {
      markReady();
      // Synchronously with the check above: a stream that subscribes from now on starts a new loop.
      this.running = undefined;
    }
  }

  private async pause(): Promise<void> {
    if (!this.changed && !this.closed) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
    if (this.changed && !this.closed) await new Promise((resolve) => setTimeout(resolve, COALESCE_MS));
  }

  private async deliver({ notifications, posts, activity, renditions }: Changes): Promise<void> {
    if (notifications.length > 0) {
      const unread = await countUnread(this.ctx.db, [...new Set(notifications.map((n) => n.user_id))]);
      for (const row of notifications) {
        const event = { notification: toNotificationJson(row), unread: unread.get(row.user_id) ?? 0 };
        for (const listener of this.listeners.get(row.user_id) ?? []) listener.sink.send('notification', event);
      }
    }
    for (const row of posts) {
      const event = { post: toPostJson(row) };
      for (const listener of this.viewers(row, 'see_posts')) listener.sink.send('post', event);
    }
    for (const row of activity) {
      // Each reader sees "you" for their own doings only.
      for (const listener of this.viewers(row, 'see_library')) {
        listener.sink.send('activity', { projectId: row.project_id, event: toActivityEvent(row, listener.userId) });
      }
    }
    for (const row of renditions) {
      const event = { rendition: toRenditionJson(row) };
      for (const listener of this.viewers(row, 'see_library')) listener.sink.send('rendition', event);
    }
  }

  /** The streams of the owner of a project's row, and of its members whose role may see it. */
  private *viewers(row: { user_id: number; project_id: number }, need: Capability): Generator<Listener> {
    yield* this.listeners.get(row.user_id) ?? [];
    for (const place of this.places) {
      if (place.projectId !== row.project_id || !roleCan(place.role, need)) continue;
      yield* this.listeners.get(place.userId) ?? [];
    }
  }

  /** A comment on every stream, and the end of those whose session has ended (signed out elsewhere). */
  private async heartbeat(): Promise<void> {
    const now = new Date();
    for (const own of [...this.listeners.values()]) {
      for (const listener of [...own]) {
        const session = await findUserSession(this.ctx.db, listener.userId, listener.sessionId);
        const live = session && !session.revoked_at && new Date(session.expires_at) > now;
        if (live) listener.sink.comment('heartbeat');
        else this.drop(listener);
      }
    }
  }

  private drop(listener: Listener) {
    this.remove(listener);
    listener.sink.end();
  }

  private remove(listener: Listener) {
    const own = this.listeners.get(listener.userId);
    if (!own?.delete(listener)) return;
    if (own.size === 0) this.listeners.delete(listener.userId);
  }
}
