import { describe, expect, it } from 'vitest';
import type { PlatformResponse } from '../base-adapter';
import { classifyMetaError } from './meta.errors';
import { heldOffset } from './rupload';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}): PlatformResponse => ({
  status,
  headers,
  text: JSON.stringify(body),
  body,
});
const envelope = (error: object) => ({ error: { type: 'OAuthException', fbtrace_id: 'A1', ...error } });
const sort = (res: PlatformResponse) => classifyMetaError('facebook', res, 'create')!;

// The envelope's documented codes, sorted without a platform to produce them on demand.
describe('Meta error envelope', () => {
  it('sorts 190 as an expired token, and its revoked subcodes as disconnected', () => {
    expect(sort(answer(400, envelope({ code: 190, error_subcode: 463, message: 'expired' }))).kind).toBe(
      'auth_expired',
    );
    for (const subcode of [458, 459, 460, 464])
      expect(sort(answer(400, envelope({ code: 190, error_subcode: subcode, message: 'gone' }))).kind).toBe(
        'disconnected',
      );
  });

  it('reads when to retry a throttle from x-business-use-case-usage, and gives the publishing limit an hour', () => {
    const usage = JSON.stringify({ '123': [{ type: 'pages', call_count: 100, estimated_time_to_regain_access: 7 }] });
    const throttled = sort(
      answer(400, envelope({ code: 32, message: 'Page request limit' }), { 'x-business-use-case-usage': usage }),
    );
    expect(throttled.kind).toBe('rate_limited');
    expect(throttled.retryAt!.getTime() - Date.now()).toBeGreaterThan(6.5 * 60_000);
    expect(throttled.retryAt!.getTime() - Date.now()).toBeLessThanOrEqual(7 * 60_000);

    const limit = sort(answer(400, envelope({ code: 9, error_subcode: 2207042, message: 'limit' })));
    expect(limit).toMatchObject({ kind: 'rate_limited', platformCode: '9/2207042' });
    expect(limit.retryAt!.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
  });

  it('retries transient errors and keeps the code and the person-facing message of a rejection', () => {
    expect(sort(answer(500, envelope({ code: 2, message: 'Service temporarily unavailable' }))).kind).toBe('retryable');
    expect(sort(answer(400, envelope({ code: 1, message: 'unknown', is_transient: true }))).kind).toBe('retryable');
    const dup = sort(
      answer(
        400,
        envelope({
          code: 506,
          error_subcode: 1455006,
          message: 'Duplicate',
          error_user_msg: 'You already posted this.',
        }),
      ),
    );
    expect(dup).toMatchObject({
      kind: 'rejected',
      platformCode: '506/1455006',
      platformMessage: 'You already posted this.',
    });
    expect(sort(answer(400, envelope({ code: 368, message: 'blocked' })))).toMatchObject({
      kind: 'rejected',
      platformCode: '368',
    });
    expect(sort(answer(400, envelope({ code: 4, error_subcode: 2207051, message: 'spam' }))).kind).toBe('rejected');
  });

  it('reads rupload failures and the offset a refusal says it holds', () => {
    const res = answer(400, {
      debug_info: { retriable: false, type: 'OffsetInvalidError', message: 'bad offset' },
      offset: 42,
    });
    expect(sort(res)).toMatchObject({
      kind: 'rejected',
      platformCode: 'OffsetInvalidError',
      platformMessage: 'bad offset',
    });
    expect(heldOffset(res.body)).toBe(42);
    expect(heldOffset({ debug_info: { offset: '7' } })).toBe(7);
  });
});
