import { z } from 'zod';

/** Every 4xx/5xx JSON body. `code` is stable and machine-readable; `error` is a sentence for people. */
export const ErrorBody = z
  .object({
    error: z.string(),
    code: z.string(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const IdParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export type IdParams = z.infer<typeof IdParams>;

export const HealthResponse = z.object({
  status: z.literal('ok'),
  db: z.literal('ok'),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** What the web app needs to know before anyone signs in. */
export const PublicConfig = z.object({
  productName: z.string(),
  signIn: z.object({
    passkeys: z.boolean(),
    identityProviders: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
