import type { PlatformKey, PostProgress } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { PostRow } from '../../db/posts.schema';
import type { RenditionRow } from '../../db/renditions.schema';
import type { VideoRow } from '../../db/schema';
import type { PublishedPost, PublishJournal } from '../../platforms/platform-adapter';
import { escalateUnrecognized, isPlatformError, PlatformError } from '../../platforms/platform-error';
import { findRendition } from '../../repositories/renditions.repository';
import { findVideoOfUser } from '../../repositories/videos.repository';
import { refreshConnection } from '../connections/connection-refresh.service';
import { grantRefused } from '../connections/needs-reconnect';
import { getPublishingAccount } from '../connections/publishing-account.service';
import { notifyPostOutcome } from '../notifications/notify';
import { postCaption } from '../posts/post-caption';
import { runFirstComment } from './first-comment';
import { enqueuePublish } from './publish-queue';
import { buildPublishRequest } from './publish-request';
import { RunLease } from './run-lease';
import { decideAfterFailure, grantRefusedFailure, outcomeUnknown, unconfirmed } from './step-failure';
import { pause, withStepTimeout } from './step-timeout';

/** Waits up to this long are slept through holding the post; longer ones let go of it and come back. */
export const HOLD_WAIT_MAX_MS = 5_000;
/** A run lets go (and is picked up again at once) after this long, so no job outlives its queue's expiry. */
const RUN_BUDGET_MS = 30 * 60_000;
/** Looks of a create whose answer was lost, when the look-up itself fails, before the post is unconfirmed. */
const LOOKUP_TRIES = 3;

/** How a run ended: the post's end, or why the run stopped working on it. */
export type RunOutcome =
  'published' | 'failed' | 'unconfirmed' | 'waiting' | 'needs-reconnect' | 'handed-over' | 'lost' | 'gone';
/** A grant refused, then found replaced when the post was to wait: tries with the new grant before failing. */
const REGRANT_TRIES = 2;

/**
 * Publishes a post this run has just claimed, step by step, from its journal. After each step the new journal,
 * the progress and a renewed lease are committed in one write before the next step starts, so a crash
 * anywhere resumes from the last committed step.
 *
 * The create (the one request that is not safe to send twice) is never sent blindly again:
 * - when this run resumes a journal that stands at `create` (the previous run died, waited, or failed and a
 *   person retried), it first asks the platform whether the post exists (`findPost`): found, it is published;
 *   not found, the create is sent. A run that died left no request in flight (its lease ran out long after
 *   its step timeout), so "not found" means it never landed;
 * - when this run's own create got no answer (a timeout, a connection lost after the body went out), it asks
 *   at once: found, published; not found, the post is `unconfirmed`, for the person to check, because the
 *   request may still land;
 * - after a create the platform answered with an error, the next try asks first as well.
 */
export async function runClaimedPost(ctx: AppContext, row: PostRow, runId: string): Promise<RunOutcome> {
  const lease = new RunLease(ctx, row.id, runId);
  lease.start();
  try {
    return await new PostRun(ctx, row, lease).run();
  } catch (err) {
    // Not a platform's answer (those are handled inside): the database failed under the run. Let go so that
    // another try comes soon; if even that fails, the lease runs out and the sweep resumes the post.
    ctx.log.error({ err, postId: row.id }, 'publishing run broke off');
    const due = await lease
      .release({ at: { ms: 0 }, progressStep: row.progress.step, stepTries: row.step_tries })
      .catch(() => undefined);
    if (due) await enqueuePublish(ctx, row.id, due).catch(() => {});
    return 'handed-over';
  } finally {
    await lease.stop();
  }
}

class PostRun {
  private journal: PublishJournal | null;
  private progress: PostProgress;
  private stepTries: number;
  private refreshed = false;
  /** Ask the platform whether the create landed before sending it. */
  private lookUpFirst: boolean;
  /** Corrected before its retry: when the platform does not have the post, the journal starts over. */
  private startOver: boolean;
  /** This run's create got no answer: the error, until the look-up decides. */
  private unknownCreate: unknown = null;
  private lookupTries = 0;
  private lastError: PlatformError | undefined;
  /** The sealed access token of the account the last step used: the grant a refusal names. */
  private tokenSeal: string | undefined;
  private regrants = 0;
  private readonly started = Date.now();
  private readonly log;

  constructor(
    private readonly ctx: AppContext,
    private readonly row: PostRow,
    private readonly lease: RunLease,
  ) {
    this.journal = row.journal;
    this.progress = row.progress;
    this.stepTries = row.step_tries;
    this.startOver = row.start_over && row.journal !== null;
    this.lookUpFirst = row.journal?.step === 'create' || this.startOver;
    this.log = ctx.log.child({ postId: row.id, platform: row.platform, runId: lease.runId });
  }

  private get config() {
    return this.ctx.config.publishing;
  }

  async run(): Promise<RunOutcome> {
    const connectionId = this.row.connection_id;
    if (connectionId === null) {
      return this.fail({
        code: 'disconnected',
        message: 'The account of this post was disconnected. Connect it again, then post the video again.',
        platformCode: null,
        platformMessage: null,
      });
    }
    const video = await findVideoOfUser(this.ctx.db, this.row.video_id, this.row.user_id);
    // Deleted with its video meanwhile: the post's row went with it.
    if (!video) return 'gone';
    const copy = await this.readyCopy();
    if (copy === 'not-ready') return this.handOver();
    // A file gone from storage (removed by hand, a lost disk) fails the post plainly, before any platform call.
    if (!(await this.ctx.storage.stat(copy?.storage_key ?? video.filename))) {
      return this.fail({
        code: 'media_missing',
        message: 'The video file is no longer in storage. Upload the video again, then post it.',
        platformCode: null,
        platformMessage: null,
      });
    }

    for (;;) {
      if (this.lease.lost) return 'lost';
      if (this.ctx.jobs.stopSignal.aborted || Date.now() - this.started > RUN_BUDGET_MS) return this.handOver();
      let phase: 'account' | 'lookup' | 'step' = 'account';
      const step = this.journal?.step ?? 'start';
      try {
        const { adapter, account, tokenSeal } = await getPublishingAccount(this.ctx, connectionId);
        this.tokenSeal = tokenSeal;
        const request = buildPublishRequest(this.ctx, video, account, this.fields(video), copy);
        if (this.journal && (this.journal.step === 'create' || this.startOver) && this.lookUpFirst) {
          phase = 'lookup';
          const found = await withStepTimeout(
            adapter.findPost(request, this.journal),
            this.config.stepTimeoutMs,
            'look-up',
          );
          if (found) return this.publish(found, this.journal);
          if (this.unknownCreate) return this.finishUnconfirmed();
          this.lookUpFirst = false;
          if (this.startOver && !(await this.restart())) return 'lost';
        }
        phase = 'step';
        const result = await withStepTimeout(
          adapter.publishStep(request, this.journal),
          this.config.stepTimeoutMs,
          step,
        );
        if (result.done) return this.publish(result.post, result.journal);
        this.progress = {
          step: result.journal.step,
          bytesSent: result.progress?.bytesSent ?? this.progress.bytesSent,
          bytesTotal: result.progress?.bytesTotal ?? this.progress.bytesTotal,
        };
        if (!(await this.lease.commit({ journal: result.journal, progress: this.progress }))) return 'lost';
        this.journal = result.journal;
        this.stepTries = 0;
        this.refreshed = false;
        this.lastError = undefined;
        // Processing polls keep the adapter's step name on show while they wait.
        if (result.waitMs) {
          const waited = await this.waitOrLetGo(result.waitMs, this.progress.step);
          if (waited) return waited;
        }
      } catch (err) {
        const next = await this.afterFailure(err, phase, step, connectionId);
        if (next) return next;
      }
    }
  }

  /**
   * The fitting copy the post sends (null: the video as uploaded). The runner checked it was ready before the
   * claim; one deleted or asked again since goes back to that check (copy-wait.ts), which fails or holds it.
   */
  private async readyCopy(): Promise<RenditionRow | null | 'not-ready'> {
    if (this.row.rendition_status == null) return null;
    const copy = this.row.rendition_id === null ? undefined : await findRendition(this.ctx.db, this.row.rendition_id);
    return copy?.status === 'ready' && copy.storage_key ? copy : 'not-ready';
  }

  /**
   * The platform does not have the post the person corrected: its journal starts again from nothing, so every
   * step (the upload session, the container that carries the caption …) sends the corrected version.
   */
  private async restart(): Promise<boolean> {
    this.log.info('the corrected post is not on the platform; starting it over');
    this.progress = { step: null, bytesSent: 0, bytesTotal: this.progress.bytesTotal };
    if (!(await this.lease.commit({ journal: null, progress: this.progress }))) return false;
    this.journal = null;
    this.startOver = false;
    return true;
  }

  private fields(video: VideoRow) {
    const tags = video.tags ?? [];
    return {
      title: video.title,
      caption: postCaption(this.row.platform as PlatformKey, this.row.caption, {
        title: video.title,
        description: video.description,
        tags,
      }),
      tags,
      options: this.row.options,
    };
  }

  /** Handles a failed step or look-up; an outcome ends the run, undefined goes round again. */
  private async afterFailure(
    thrown: unknown,
    phase: 'account' | 'lookup' | 'step',
    step: string,
    connectionId: number,
  ): Promise<RunOutcome | undefined> {
    const err = isPlatformError(thrown) ? escalateUnrecognized(thrown, this.lastError) : thrown;
    this.lastError = isPlatformError(err) ? err : undefined;
    const creating = this.journal?.step === 'create';
    if (phase === 'step' && creating && outcomeUnknown(err)) {
      this.log.warn({ err: describe(err) }, 'the create got no answer; asking the platform whether the post exists');
      this.unknownCreate = err;
      this.lookUpFirst = true;
      return undefined;
    }
    if (phase === 'lookup' && this.unknownCreate) {
      // The post may exist: it is not sent again. The look-up is tried a few times while the run holds it.
      this.log.warn({ err: describe(err) }, 'the look-up of an unanswered create failed');
      if (isPlatformError(err) && err.kind === 'auth_expired' && !this.refreshed) {
        this.refreshed = true;
        await refreshConnection(this.ctx, connectionId);
        return undefined;
      }
      if (isPlatformError(err) && (err.kind === 'disconnected' || err.kind === 'auth_expired')) {
        // The grant is gone, so the platform cannot be asked: the person checks there once reconnected.
        await grantRefused(this.ctx, connectionId, err, this.tokenSeal);
        return this.finishUnconfirmed();
      }
      if (++this.lookupTries >= LOOKUP_TRIES) return this.finishUnconfirmed();
      await pause(Math.min(HOLD_WAIT_MAX_MS, this.config.retryBaseMs * this.lookupTries), this.ctx.jobs.stopSignal);
      return undefined;
    }
    if (phase === 'step' && isPlatformError(err) && err.createSent) {
      this.unknownCreate = err;
      return this.finishUnconfirmed();
    }
    if (phase === 'step' && creating) this.lookUpFirst = true;
    if (!isPlatformError(err)) this.log.warn({ err, step }, 'publishing step failed (not a platform answer)');
    else this.log.info({ platformError: err.toJSON() }, 'publishing step failed');

    const decision = decideAfterFailure(err, {
      platform: this.row.platform,
      tries: this.stepTries,
      refreshed: this.refreshed,
      retryBaseMs: this.config.retryBaseMs,
    });
    switch (decision.kind) {
      case 'fail':
        return this.fail(decision.error);
      case 'reconnect':
        return this.waitForReconnect(decision.refusal, connectionId);
      case 'refresh': {
        const outcome = await refreshConnection(this.ctx, connectionId);
        // A renewal that met a passing fault of its own is not the one renewal: back off and try again.
        if (outcome !== 'failed') this.refreshed = true;
        else {
          const passing = new PlatformError(
            this.row.platform,
            'retryable',
            'the access token could not be renewed yet',
          );
          return this.afterFailure(passing, 'account', step, connectionId);
        }
        return undefined;
      }
      case 'retry':
        this.stepTries = decision.tries;
        return this.waitOrLetGo(decision.waitMs, 'waiting');
      case 'rate_limited':
        return this.waitOrLetGo(decision.until.getTime() - Date.now(), 'waiting', decision.until);
    }
  }

  /**
   * A short wait is slept through holding the post (the heartbeat keeps the hold); a longer one lets go of it
   * until then, with a job at that time. `waiting` on show for retries and rate limits.
   */
  private async waitOrLetGo(ms: number, progressStep: string | null, until?: Date): Promise<RunOutcome | undefined> {
    if (ms <= HOLD_WAIT_MAX_MS) {
      await pause(ms, this.ctx.jobs.stopSignal);
      return undefined;
    }
    const due = await this.lease.release({ at: until ?? { ms }, progressStep, stepTries: this.stepTries });
    if (!due) return 'lost';
    await enqueuePublish(this.ctx, this.row.id, due);
    return 'waiting';
  }

  /**
   * The platform refused the account's grant for good: the connection is marked as needing a reconnect (the
   * bell rings once, whichever of its posts met the refusal first) and the post waits for it, `scheduled`.
   * When the account turns out to be connected again already, the run goes on with the new grant.
   */
  private async waitForReconnect(refusal: PlatformError, connectionId: number): Promise<RunOutcome | undefined> {
    await grantRefused(this.ctx, connectionId, refusal, this.tokenSeal);
    const outcome = await this.lease.waitForReconnect(this.row.platform, refusal.platformCode ?? null);
    switch (outcome) {
      case undefined:
      case 'gone':
        return 'lost';
      case 'waiting':
        return 'needs-reconnect';
      case 'failed':
        return 'failed';
      case 'go-on':
        if (++this.regrants > REGRANT_TRIES) return this.fail(grantRefusedFailure(refusal));
        this.refreshed = false;
        this.lastError = undefined;
        return undefined;
    }
  }

  /** The process is stopping (or the run has gone on long): another run picks the post up from here. */
  private async handOver(): Promise<RunOutcome> {
    const due = await this.lease.release({
      at: { ms: 0 },
      progressStep: this.progress.step,
      stepTries: this.stepTries,
    });
    if (!due) return 'lost';
    await enqueuePublish(this.ctx, this.row.id, due).catch(() => {});
    return 'handed-over';
  }

  private async publish(post: PublishedPost, journal: PublishJournal | null): Promise<RunOutcome> {
    const row = await this.lease.finish({
      status: 'published',
      journal,
      url: post.url,
      platformPostId: post.platformPostId,
      appliedPrivacy: post.appliedPrivacy ?? null,
      coverError: post.coverError ?? null,
      playlistError: post.playlistError ?? null,
      captionsError: post.captionsError ?? null,
    });
    if (!row) return 'lost';
    this.log.info({ url: post.url }, 'post published');
    await notifyPostOutcome(this.ctx, row, 'published').catch(() => {});
    // Its own step: whatever becomes of the comment, the post stays published (a broken-off one the sweep finds).
    if (row.first_comment_status === 'pending') await runFirstComment(this.ctx, row.id).catch(() => {});
    return 'published';
  }

  private async fail(error: NonNullable<PostRow['error']>): Promise<RunOutcome> {
    const row = await this.lease.finish({ status: 'failed', error });
    if (!row) return 'lost';
    this.log.info({ error }, 'post failed');
    await notifyPostOutcome(this.ctx, row, 'failed').catch(() => {});
    return 'failed';
  }

  private async finishUnconfirmed(): Promise<RunOutcome> {
    const row = await this.lease.finish({
      status: 'unconfirmed',
      error: unconfirmed(this.row.platform, this.unknownCreate),
    });
    if (!row) return 'lost';
    this.log.warn('post unconfirmed');
    await notifyPostOutcome(this.ctx, row, 'unconfirmed').catch(() => {});
    return 'unconfirmed';
  }
}

const describe = (err: unknown) => (isPlatformError(err) ? err.toJSON() : err);
