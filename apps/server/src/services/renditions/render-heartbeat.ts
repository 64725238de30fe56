import type { AppContext } from '../../context';
import { renewRendition } from '../../repositories/renditions.repository';

/** How often the render's progress may be written (and its row looked at), and by how much it must have moved. */
const TICK_MS = 500;
const MIN_STEP = 0.01;

/**
 * Writes a render's progress to its row at most every half second and 1 %, and renews its lease (at least every
 * third of it, progress or not). A write that finds the row no longer held (the copy or its video deleted, the
 * render taken over) aborts the render.
 */
export class RenderHeartbeat {
  private progress = 0;
  private written = 0;
  private writtenAt = Date.now();
  private writing: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;
  readonly controller = new AbortController();

  constructor(
    private readonly ctx: AppContext,
    private readonly id: number,
    private readonly attempt: number,
  ) {
    this.timer = setInterval(() => void this.tick(), TICK_MS);
  }

  report = (progress: number) => {
    this.progress = Math.max(this.progress, progress);
  };

  private async tick() {
    if (this.writing || this.controller.signal.aborted) return;
    const { leaseMs } = this.ctx.config.renditions;
    const moved = this.progress - this.written >= MIN_STEP;
    if (!moved && Date.now() - this.writtenAt < leaseMs / 3) return;
    const progress = Math.min(this.progress, 0.99);
    this.writing = renewRendition(this.ctx.db, this.id, this.attempt, progress, leaseMs)
      .then((held) => {
        this.written = progress;
        this.writtenAt = Date.now();
        if (!held) this.controller.abort(new Error('The copy was deleted while it was being made.'));
      })
      .catch((err) => this.ctx.log.warn({ err, rendition: this.id }, 'could not write a render’s progress'))
      .finally(() => (this.writing = undefined));
  }

  /** Stops writing; waits for a write under way, so none lands after the render's last word. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.writing;
  }
}
