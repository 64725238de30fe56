/**
 * A per-process memory of answers that are asked for again and again (the first page of a library that ten
 * tabs poll, the session behind the token of every request), each kept at most `ttlMs` and grouped by the
 * user they belong to, so that whatever changes a user's data can forget that user's answers at once.
 *
 * It never decides what is true: an answer is only reused while it is younger than `ttlMs`, and every write
 * the process learns of (its own requests, and the database's change notices from any process) forgets the
 * user's answers first. A missed notice costs at most `ttlMs` of an older answer. `ttlMs` 0 turns it off.
 */
export class ShortLivedCache<V> {
  private readonly entries = new Map<string, { value: V; at: number; userId: number }>();
  private readonly byUser = new Map<number, Set<string>>();
  /** Bumped by every forget: an answer computed while a forget happened is not stored. */
  private generation = 0;

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 2_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at >= this.ttlMs) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Where to stand before computing an answer, for `set` to know whether it is still current. */
  mark(): number {
    return this.generation;
  }

  /** Keeps an answer computed since `mark` (unless something was forgotten meanwhile: it may predate that). */
  set(userId: number, key: string, value: V, mark: number): void {
    if (!this.enabled || mark !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      // Map keeps insertion order: the first entry is the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    this.entries.delete(key);
    this.entries.set(key, { value, at: this.now(), userId });
    let keys = this.byUser.get(userId);
    if (!keys) this.byUser.set(userId, (keys = new Set()));
    keys.add(key);
  }

  /** Forgets every answer of the user (undefined: of everyone). */
  forgetUser(userId: number | undefined): void {
    this.generation += 1;
    if (userId === undefined) {
      this.entries.clear();
      this.byUser.clear();
      return;
    }
    for (const key of this.byUser.get(userId) ?? []) this.entries.delete(key);
    this.byUser.delete(userId);
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.byUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) this.byUser.delete(entry.userId);
  }
}
