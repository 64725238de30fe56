import type { EmulatorContext } from '../../core/context';
import type { EmuRequest, EmuResponse } from '../../core/http';
import type { AccessToken } from '../../core/oauth';
import { authFailure, quotaExceeded } from './envelopes';
import { QUOTA } from './limits';
import { METHOD_SCOPES, type YoutubeMethod } from './scopes';

interface QuotaDay {
  clientId: string;
  day: string;
  units: number;
  uploads: number;
}

const pacific = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Los_Angeles',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The quota day (midnight to midnight, Pacific time) and when it ends. */
function quotaDay(now: number): { day: string; resetAt: Date } {
  const p = Object.fromEntries(pacific.formatToParts(now).map((x) => [x.type, x.value]));
  const elapsed = (Number(p.hour) * 3600 + Number(p.minute) * 60 + Number(p.second)) * 1000 + (now % 1000);
  return { day: `${p.year}-${p.month}-${p.day}`, resetAt: new Date(now - elapsed + 24 * 3600_000) };
}

/**
 * Checks the bearer token for one of the method's scopes, then charges the project's daily quota.
 * Answers the request itself (401/403) when either refuses.
 */
export function authorizeCall(
  ctx: EmulatorContext,
  req: EmuRequest,
  method: YoutubeMethod,
): { ok: true; token: AccessToken } | { ok: false; response: EmuResponse } {
  const check = ctx.oauth.check('youtube', req.bearer(), [...METHOD_SCOPES[method]]);
  if (!check.ok) return { ok: false, response: authFailure(check) };
  const { day, resetAt } = quotaDay(ctx.now());
  const days = ctx.store.collection<QuotaDay>('youtube.quota');
  const key = `${check.token.clientId}:${day}`;
  const used = days.get(key) ?? { clientId: check.token.clientId, day, units: 0, uploads: 0 };
  const upload = method === 'youtube.videos.insert';
  if (upload ? used.uploads >= QUOTA.dailyUploads : used.units + QUOTA.listCost > QUOTA.dailyUnits)
    return { ok: false, response: quotaExceeded(resetAt) };
  if (upload) used.uploads += 1;
  else used.units += QUOTA.listCost;
  days.set(key, used);
  return { ok: true, token: check.token };
}
