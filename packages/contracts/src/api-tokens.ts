import { z } from 'zod';

/** What a personal API token may do: `read` only GET/HEAD calls, `write` the rest too. */
export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export const ApiTokenScope = z.enum(API_TOKEN_SCOPES);
export type ApiTokenScope = z.infer<typeof ApiTokenScope>;

/** Every token's secret starts with this, so it is recognised in a log or a leak scan. */
export const API_TOKEN_PREFIX = 'fanout_pat_';
export const API_TOKEN_NAME_MAX = 100;
/** At most this many live tokens per person. */
export const API_TOKENS_MAX = 50;

/** Calls a token may not make (the security calls): 403 with this code. */
export const API_TOKEN_NOT_ALLOWED = 'api_token_not_allowed';
/** A `read` token making a call that changes something: 403 with this code. */
export const API_TOKEN_SCOPE_REQUIRED = 'api_token_scope';

export const ApiToken = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scopes: z.array(ApiTokenScope),
    /** ISO time; null when it never expires */
    expiresAt: z.string().nullable(),
    createdAt: z.string(),
    /** ISO time of its last accepted call (kept to the minute); null when never used */
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof ApiToken>;

export const ApiTokenList = z.object({ tokens: z.array(ApiToken) });
export type ApiTokenList = z.infer<typeof ApiTokenList>;

export const CreateApiTokenBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the token a name')
    .max(API_TOKEN_NAME_MAX, `A name has at most ${API_TOKEN_NAME_MAX} characters`),
  scopes: z
    .array(ApiTokenScope)
    .min(1, 'Choose at least one scope')
    .max(API_TOKEN_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, 'A scope is listed twice'),
  /** ISO 8601 with an offset, in the future; omitted or null: never expires */
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type CreateApiTokenBody = z.infer<typeof CreateApiTokenBody>;

export const CreatedApiToken = z.object({
  token: ApiToken.omit({ lastUsedAt: true }),
  /** The token itself: shown this once, stored only as its hash. Send it as `Authorization: Bearer <secret>`. */
  secret: z.string(),
});
export type CreatedApiToken = z.infer<typeof CreatedApiToken>;
