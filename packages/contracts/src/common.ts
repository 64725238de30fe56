import { z } from 'zod';

/** Every 4xx/5xx JSON body. `code` is stable and machine-readable; `error` is a sentence for people. */
export const ErrorBody = z
  .object({
    error: z.string(),
    code: z.string(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The largest value of a PostgreSQL `integer` column: every id fits in one. */
export const MAX_ID = 2_147_483_647;

const ID_TEXT_MESSAGE = 'Expected a positive whole number';

/**
 * An id written as text (a path parameter, a query parameter, a form field): plain decimal digits, no
 * sign, leading zero, exponent, hex or spaces, at most MAX_ID; parsed to a number. `z.coerce.number()`
 * took `0x10`, `1e3`, `+1` and `01` too. The OpenAPI document shows it as the integer it stands for.
 */
export const IdText = z
  .string()
  .refine((text) => /^[1-9]\d{0,9}$/.test(text) && Number(text) <= MAX_ID, ID_TEXT_MESSAGE)
  .transform(Number)
  .meta({ type: 'integer', format: 'int32', minimum: 1, maximum: MAX_ID });

/** An id in a JSON body, where it is a number already. */
export const Id = z.number().int().positive().max(MAX_ID);

export const IdParams = z.object({
  id: IdText,
});
export type IdParams = z.infer<typeof IdParams>;

export const HealthResponse = z.object({
  status: z.literal('ok'),
  db: z.literal('ok'),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** Whether one dependency of the server answered the readiness check. */
export const ReadinessCheck = z.enum(['ok', 'failed']);

/**
 * GET /api/ready: whether this process can serve now, its database, media storage and job queue all
 * reachable (200 `ready`; 503 `not_ready`, with the checks that failed). /api/health only says it is alive.
 */
export const ReadyResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({ db: ReadinessCheck, storage: ReadinessCheck, jobs: ReadinessCheck }),
});
export type ReadyResponse = z.infer<typeof ReadyResponse>;

/** What the web app needs to know before anyone signs in. */
export const PublicConfig = z.object({
  productName: z.string(),
  signIn: z.object({
    passkeys: z.boolean(),
    identityProviders: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
  /** The largest single upload (UPLOAD_MAX_BYTES), so the upload screen can say so and refuse bigger files at once. */
  uploads: z.object({ maxBytes: z.number().int().positive() }),
  /**
   * Whether PUBLIC_URL is an internet address (docs/covers.md): only then can Instagram fetch a cover image, so the
   * composer can say which cover each post gets.
   */
  covers: z.object({ publicAddress: z.boolean() }),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
