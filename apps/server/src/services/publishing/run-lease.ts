import type { AppContext } from '../../context';
import type { PostRow } from '../../db/posts.schema';
import {
  commitStep,
  finishPost,
  heartbeatPost,
  releasePost,
  type Finish,
  type Release,
  type StepCommit,
} from '../../repositories/post-runs.repository';
import { postFailed, postPublished } from '../activity/activity-moments';
import { waitForReconnect, type ReconnectWait } from './reconnect-wait';

/**
 * One run's hold on one post. While held, a heartbeat renews it every third of the lease, so a long step
 * (a big chunk, a slow platform) never loses it; a run that dies stops renewing and the post is taken over
 * once its lease runs out. Every write is a compare-and-set on the run's id: once `lost`, nothing is written.
 */
export class RunLease {
  lost = false;
  private timer?: NodeJS.Timeout;
  private beat?: Promise<void>;

  constructor(
    private readonly ctx: AppContext,
    readonly postId: number,
    readonly runId: string,
  ) {}

  private get leaseMs() {
    return this.ctx.config.publishing.leaseMs;
  }

  start(): void {
    this.timer = setInterval(() => {
      this.beat ??= this.heartbeat().finally(() => (this.beat = undefined));
    }, this.leaseMs / 3);
    this.timer.unref();
  }

  /** Stops the heartbeat and waits for one under way, so it cannot land after the run's last write. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.beat;
  }

  private async heartbeat(): Promise<void> {
    try {
      if (!(await heartbeatPost(this.ctx.db, this.postId, this.runId, this.leaseMs))) this.lost = true;
    } catch (err) {
      // The next beat tries again; the lease has two more beats' worth of time.
      this.ctx.log.warn({ err, postId: this.postId }, 'could not renew the hold on a post');
    }
  }

  async commit(c: Omit<StepCommit, 'leaseMs'>): Promise<boolean> {
    if (this.lost) return false;
    const held = await commitStep(this.ctx.db, this.postId, this.runId, { ...c, leaseMs: this.leaseMs });
    if (!held) this.lost = true;
    return held;
  }

  /** Lets go until `r.at`; the time it is due again, or undefined when the hold was lost. */
  async release(r: Release): Promise<Date | undefined> {
    await this.stop();
    if (this.lost) return undefined;
    const due = await releasePost(this.ctx.db, this.postId, this.runId, r);
    if (!due) this.lost = true;
    return due;
  }

  /**
   * The account needs reconnecting: the post goes back to waiting for that (`waitForReconnect`), unheld. On
   * `go-on` (the account is connected again meanwhile) the run keeps the post and its heartbeat goes on.
   */
  async waitForReconnect(platform: string, platformCode: string | null): Promise<ReconnectWait | undefined> {
    await this.stop();
    if (this.lost) return undefined;
    const outcome = await waitForReconnect(
      this.ctx,
      { id: this.postId, platform },
      { runId: this.runId },
      platformCode,
    );
    if (outcome === 'go-on') this.start();
    if (outcome === 'gone') this.lost = true;
    return outcome;
  }

  async finish(f: Finish): Promise<PostRow | undefined> {
    await this.stop();
    if (this.lost) return undefined;
    // The outcome and its event in the project's trail commit together.
    const row = await this.ctx.db.transaction().execute(async (trx) => {
      const finished = await finishPost(trx, this.postId, this.runId, f);
      if (finished?.status === 'published') await postPublished(trx, finished);
      else if (finished?.status === 'failed') await postFailed(trx, finished);
      return finished;
    });
    if (!row) this.lost = true;
    return row;
  }
}
