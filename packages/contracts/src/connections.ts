import { z } from 'zod';
import { Id, IdText } from './common';
import { MissingFeature } from './optional-scopes';
import { PlatformKey } from './platforms';

/**
 * Health of a connection: `connected`; `expiring` (its grant ends soon and cannot be renewed without the
 * person, or a refresh is overdue); `needs_reconnect` (a refresh failed for good or the platform revoked
 * the grant: publishing through it is impossible until the person connects again).
 */
export const CONNECTION_STATUSES = ['connected', 'expiring', 'needs_reconnect'] as const;
export const ConnectionStatus = z.enum(CONNECTION_STATUSES);
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

/** One platform account connected to one project. Tokens never leave the server. */
export const Connection = z
  .object({
    id: z.number().int(),
    projectId: z.number().int(),
    platform: PlatformKey,
    /** The account's id on the platform (a channel, a page, a user). */
    accountId: z.string(),
    accountName: z.string(),
    avatarUrl: z.string().nullable(),
    /** True when the account lives on the platform emulator (sandbox mode), not on the real platform. */
    sandbox: z.boolean(),
    status: ConnectionStatus,
    /** Why the status is not `connected`, in words for the person; null when connected. */
    statusReason: z.string().nullable(),
    scopes: z.array(z.string()),
    /**
     * Optional features this grant lacks the scope for (it predates Fanout asking for it). The connection stays
     * `connected` and publishes; each feature is offered as "Reconnect to allow <label>".
     */
    missingFeatures: z.array(MissingFeature),
    connectedAt: z.string(),
    /** When the access grant ends unless refreshed; null when the platform gives no end. */
    expiresAt: z.string().nullable(),
  })
  .meta({ id: 'Connection' });
export type Connection = z.infer<typeof Connection>;

export const ConnectionsQuery = z.object({ project_id: IdText });
export type ConnectionsQuery = z.infer<typeof ConnectionsQuery>;

export const ConnectionList = z.object({ connections: z.array(Connection) });
export type ConnectionList = z.infer<typeof ConnectionList>;

export const PlatformParams = z.object({ platform: PlatformKey });
export type PlatformParams = z.infer<typeof PlatformParams>;

export const StartConnectionBody = z.object({ project_id: Id });
export type StartConnectionBody = z.infer<typeof StartConnectionBody>;

/** The platform's authorize page to send the browser to. */
export const StartConnectionResponse = z.object({ url: z.string() });
export type StartConnectionResponse = z.infer<typeof StartConnectionResponse>;

/**
 * A grant the platform gave, waiting for the person who started the connection to confirm it with their own
 * session: the callback sends the browser to `/accounts?pending=<id>&platform=<platform>`. The id is 256
 * random bits, base64url.
 */
export const PendingConnectionParams = z.object({
  id: z.string().regex(/^[\w-]{43}$/, 'Expected the id of a pending connection'),
});
export type PendingConnectionParams = z.infer<typeof PendingConnectionParams>;

/** One account a pending grant may connect (a Facebook Page among those the person manages). */
export const PendingAccount = z.object({
  /** The account's id on the platform. */
  accountId: z.string(),
  accountName: z.string(),
  avatarUrl: z.string().nullable(),
  /** The project's connection of this account already (connecting it again renews it); null: a new one. */
  connectionId: z.number().int().nullable(),
});
export type PendingAccount = z.infer<typeof PendingAccount>;

/**
 * GET /api/connections/pending/:id: what the platform's grant may connect, for its starter to choose from. Most
 * platforms give one account; Facebook gives every Page the person manages, each becoming a connection of its own.
 */
export const PendingConnectionChoices = z
  .object({ platform: PlatformKey, accounts: z.array(PendingAccount) })
  .meta({ id: 'PendingConnectionChoices' });
export type PendingConnectionChoices = z.infer<typeof PendingConnectionChoices>;

/** The accounts of a pending grant to connect, by their platform ids; needed when the grant offers several. */
export const ConfirmPendingBody = z.strictObject({
  accountIds: z
    .array(z.string().min(1).max(200))
    .min(1, 'Choose at least one account')
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, 'Each account at most once'),
});
export type ConfirmPendingBody = z.infer<typeof ConfirmPendingBody>;

/** The connections a confirmed pending grant became: `connection` is the first of `connections`. */
export const ConfirmedConnection = z.object({ connection: Connection, connections: z.array(Connection) });
export type ConfirmedConnection = z.infer<typeof ConfirmedConnection>;

/**
 * What the platform sends back to the redirect URI. Every field optional: a platform that refuses sends
 * `error` (and maybe `error_description`) instead of `code`; a forged or replayed request may send nothing.
 */
export const OAuthCallbackQuery = z
  .object({
    code: z.string().max(4096).optional(),
    state: z.string().max(512).optional(),
    error: z.string().max(512).optional(),
    error_description: z.string().max(2048).optional(),
  })
  .loose();
export type OAuthCallbackQuery = z.infer<typeof OAuthCallbackQuery>;

/**
 * Why a connection attempt stored nothing: the codes of `/accounts?error=<code>` after the platform's
 * callback, and of a refused confirmation of a pending grant (`wrong_account`: another Fanout account
 * started it; `expired`: unknown, already used or older than 10 minutes). The web app has a sentence for each.
 */
export const CONNECT_ERROR_CODES = [
  'access_denied',
  'invalid_state',
  'exchange_failed',
  'platform_unavailable',
  'account_unusable',
  'wrong_account',
  'expired',
] as const;
export const ConnectErrorCode = z.enum(CONNECT_ERROR_CODES);
export type ConnectErrorCode = z.infer<typeof ConnectErrorCode>;

/** Which platforms this server can connect, and whether each goes to the sandbox or the real platform. */
export const PlatformAvailability = z.object({
  platforms: z.array(z.object({ platform: PlatformKey, available: z.boolean(), sandbox: z.boolean() })),
});
export type PlatformAvailability = z.infer<typeof PlatformAvailability>;

/**
 * What a connected account may choose when publishing, as its platform says right now (TikTok's
 * creator_info). A platform that has no such choices gives `{}`; a field the platform leaves out is absent.
 * `privacyLevelOptions` and `maxDurationSeconds` are account facts for `validatePost`.
 */
export const PublishOptions = z.object({
  /** The privacy levels this account may choose from (the person chooses; there is no default). */
  privacyLevelOptions: z.array(z.string()).nullable().optional(),
  /** The longest video this account may post, in seconds. */
  maxDurationSeconds: z.number().nullable().optional(),
  /** Interactions the account has turned off in its own settings: they cannot be allowed on a post. */
  commentDisabled: z.boolean().optional(),
  duetDisabled: z.boolean().optional(),
  stitchDisabled: z.boolean().optional(),
  creatorUsername: z.string().nullable().optional(),
  creatorNickname: z.string().nullable().optional(),
  /**
   * TikTok: false when this server's live app has not passed TikTok's Direct Post audit (TIKTOK_AUDITED): TikTok
   * keeps its posts private, so only SELF_ONLY is offered. Absent in the sandbox, which follows the emulator.
   */
  directPostAudited: z.boolean().optional(),
  /**
   * YouTube: false when this server's live Google API project has not passed YouTube's audit
   * (YOUTUBE_API_VERIFIED): YouTube keeps its uploads private whatever privacy is chosen. Absent in the sandbox.
   */
  youtubeApiVerified: z.boolean().optional(),
  /** Communities the account has joined (Reddit), offered where the person types one; null when unknown. */
  subreddits: z.array(z.string()).nullable().optional(),
});
export type PublishOptions = z.infer<typeof PublishOptions>;

export const PublishOptionsResponse = z
  .object({ platform: PlatformKey, options: PublishOptions })
  .meta({ id: 'PublishOptions' });
export type PublishOptionsResponse = z.infer<typeof PublishOptionsResponse>;
