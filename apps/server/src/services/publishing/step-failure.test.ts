import { describe, expect, it } from 'vitest';
import { notFound } from '../../http/errors';
import { PlatformError } from '../../platforms/platform-error';
import { backoffMs, MAX_NO_ANSWER_TRIES, MAX_STEP_TRIES, RETRY_CAP_MS } from './publish-backoff';
import { decideAfterFailure, noAnswer, outcomeUnknown } from './step-failure';
import { StepTimeoutError } from './step-timeout';

const state = { platform: 'x', tries: 0, refreshed: false, retryBaseMs: 2_000 };
const fault = (kind: ConstructorParameters<typeof PlatformError>[1], details = {}) =>
  new PlatformError('x', kind, `x: ${kind}`, details);

describe('what the runner does after a failed step', () => {
  it('backs off from a passing fault with full jitter, doubling up to ten minutes', () => {
    expect(backoffMs(1, 2_000, () => 1)).toBe(2_000);
    expect(backoffMs(3, 2_000, () => 1)).toBe(8_000);
    expect(backoffMs(20, 2_000, () => 1)).toBe(RETRY_CAP_MS);
    expect(backoffMs(3, 2_000, () => 0)).toBe(0);
    expect(decideAfterFailure(fault('retryable'), state)).toMatchObject({ kind: 'retry', tries: 1 });
  });

  it('gives up after the last try with the last fault’s words', () => {
    const decision = decideAfterFailure(fault('retryable', { httpStatus: 503, platformMessage: 'Over capacity' }), {
      ...state,
      tries: MAX_STEP_TRIES - 1,
    });
    expect(decision).toMatchObject({
      kind: 'fail',
      error: { code: 'retryable', message: expect.stringContaining('Over capacity'), platformMessage: 'Over capacity' },
    });
  });

  it('keeps trying longer when the platform gave no answer at all than when it answered with a fault', () => {
    const silent = fault('retryable', { outcomeUnknown: true });
    const timedOut = new StepTimeoutError('create', 1_000);
    expect(noAnswer(silent)).toBe(true);
    expect(noAnswer(timedOut)).toBe(true);
    expect(noAnswer(fault('retryable', { httpStatus: 503 }))).toBe(false);
    expect(noAnswer(fault('retryable', { unrecognized: true }))).toBe(false);
    const answered = { ...state, tries: MAX_STEP_TRIES - 1 };
    expect(decideAfterFailure(fault('retryable', { httpStatus: 503 }), answered)).toMatchObject({ kind: 'fail' });
    expect(decideAfterFailure(silent, answered)).toMatchObject({ kind: 'retry', tries: MAX_STEP_TRIES });
    expect(decideAfterFailure(timedOut, answered)).toMatchObject({ kind: 'retry', tries: MAX_STEP_TRIES });
    expect(decideAfterFailure(silent, { ...state, tries: MAX_NO_ANSWER_TRIES - 1 })).toMatchObject({
      kind: 'fail',
      error: { code: 'retryable', message: expect.stringContaining(`after ${MAX_NO_ANSWER_TRIES} tries`) },
    });
  });

  it('waits for the reset of a rate limit, renews a token once, fails a refusal and waits for a reconnect on a lost grant', () => {
    const retryAt = new Date(Date.now() + 60_000);
    expect(decideAfterFailure(fault('rate_limited', { retryAt }), state)).toEqual({
      kind: 'rate_limited',
      until: retryAt,
    });
    expect(decideAfterFailure(fault('auth_expired'), state)).toEqual({ kind: 'refresh' });
    expect(decideAfterFailure(fault('auth_expired'), { ...state, refreshed: true })).toMatchObject({
      kind: 'reconnect',
      refusal: { kind: 'auth_expired' },
    });
    expect(
      decideAfterFailure(fault('rejected', { platformCode: '187', platformMessage: 'Status is a duplicate.' }), state),
    ).toMatchObject({
      kind: 'fail',
      error: { code: 'rejected', platformCode: '187', platformMessage: 'Status is a duplicate.' },
    });
    expect(decideAfterFailure(fault('disconnected'), state)).toMatchObject({
      kind: 'reconnect',
      refusal: { kind: 'disconnected' },
    });
    expect(decideAfterFailure(notFound('Connection'), state)).toMatchObject({
      kind: 'fail',
      error: { code: 'disconnected' },
    });
  });

  it('retries what is not a platform’s answer, and knows which failures may have reached the platform', () => {
    expect(decideAfterFailure(new Error('EMFILE'), state)).toMatchObject({ kind: 'retry' });
    expect(outcomeUnknown(new StepTimeoutError('create', 1_000))).toBe(true);
    expect(outcomeUnknown(fault('retryable', { outcomeUnknown: true }))).toBe(true);
    expect(outcomeUnknown(fault('retryable'))).toBe(false);
  });
});
