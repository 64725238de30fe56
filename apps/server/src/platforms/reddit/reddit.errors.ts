import { lacksScope, type PlatformResponse } from '../base-adapter';
import { PlatformError } from '../platform-error';

const DEFAULT_RATE_LIMIT_MS = 60_000;

/** `X-Ratelimit-Reset` is the number of seconds until the current window ends. */
function headerRetryAt(res: PlatformResponse): Date | undefined {
  const reset = Number(res.headers['x-ratelimit-reset']);
  if (Number.isFinite(reset) && reset >= 0) return new Date(Date.now() + Math.max(1, reset) * 1000);
  const after = Number(res.headers['retry-after']);
  if (Number.isFinite(after) && after >= 0) return new Date(Date.now() + Math.max(1, after) * 1000);
  return undefined;
}

/** "… Take a break for 9 minutes before trying again." / "… for 30 seconds …" */
export function ratelimitDelayMs(message: string): number | undefined {
  const m = /(\d+)\s*(second|minute|hour|ms|millisecond)s?/i.exec(message);
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = m[2]!.toLowerCase();
  const factor = unit === 'hour' ? 3_600_000 : unit === 'minute' ? 60_000 : unit === 'second' ? 1000 : 1;
  return n * factor;
}

/** `json.errors: [[code, message, field]]` of an answer (often HTTP 200), or an empty list. */
export function jsonErrors(body: unknown): { code: string; message: string; field?: string }[] {
  const errors = (body as { json?: { errors?: unknown } } | undefined)?.json?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.map((e) => {
    const [code, message, field] = Array.isArray(e) ? e : [String(e)];
    return {
      code: String(code),
      message: typeof message === 'string' ? message : String(code),
      field: field ?? undefined,
    };
  });
}

/** The first of `json.errors` sorted into the closed set: RATELIMIT waits, the others are refusals. */
export function jsonErrorToPlatformError(res: PlatformResponse, step: string): PlatformError | undefined {
  const [first] = jsonErrors(res.body);
  if (!first) return undefined;
  const details = { step, httpStatus: res.status, platformCode: first.code, platformMessage: first.message };
  const text = `reddit ${step}: ${first.message}`;
  if (first.code === 'RATELIMIT') {
    const delay = ratelimitDelayMs(first.message);
    const retryAt = delay !== undefined ? new Date(Date.now() + delay) : (headerRetryAt(res) ?? defaultRetryAt());
    return new PlatformError('reddit', 'rate_limited', text, { ...details, retryAt });
  }
  return new PlatformError('reddit', 'rejected', text, details);
}

const defaultRetryAt = () => new Date(Date.now() + DEFAULT_RATE_LIMIT_MS);

/** An S3 refusal: `<Error><Code>…</Code><Message>…</Message></Error>`. */
function s3Error(text: string): { code: string; message: string } | undefined {
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
  if (!code) return undefined;
  return { code, message: /<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? code };
}

/** Reddit's refusals: token endpoint `{error}`, `json.errors`, `{message, error}` bodies, S3 XML. */
export function classifyReddit(
  res: PlatformResponse,
  step: string,
  fallback: (res: PlatformResponse, step: string) => PlatformError,
): PlatformError {
  const fromJson = jsonErrorToPlatformError(res, step);
  if (fromJson && res.status < 500 && res.status !== 401) return fromJson;
  const body = res.body as { error?: unknown; message?: unknown; reason?: unknown } | undefined;
  const s3 = body === undefined ? s3Error(res.text) : undefined;
  const code = s3?.code ?? (body?.reason ?? body?.error)?.toString();
  const message = s3?.message ?? (typeof body?.message === 'string' ? body.message : code);
  const details = {
    step,
    httpStatus: res.status,
    platformCode: code,
    platformMessage: message ?? res.text.slice(0, 500),
  };
  const text = `reddit ${step}: ${message ?? `HTTP ${res.status}`}`;
  if (step.startsWith('oauth.') && code === 'invalid_grant')
    return new PlatformError('reddit', step === 'oauth.refresh' ? 'disconnected' : 'rejected', text, details);
  if (res.status === 401 && step.startsWith('oauth.')) return new PlatformError('reddit', 'rejected', text, details);
  if (res.status === 401) return new PlatformError('reddit', 'auth_expired', text, details);
  // A permission (scope) the grant lacks: only connecting again gives it.
  if (lacksScope(res)) return new PlatformError('reddit', 'disconnected', text, details);
  if (res.status === 429)
    return new PlatformError('reddit', 'rate_limited', text, {
      ...details,
      retryAt: headerRetryAt(res) ?? defaultRetryAt(),
    });
  if (res.status >= 500) return new PlatformError('reddit', 'retryable', text, details);
  if (res.status >= 400) return new PlatformError('reddit', 'rejected', text, details);
  return fallback(res, step);
}
