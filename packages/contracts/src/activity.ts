import { z } from 'zod';
import { IdText } from './common';
import { SECURITY_EVENT_TYPES, type SecurityEvent, type SecurityEventType } from './security';

/** What happens in a project that its trail (the Activity screen) shows. */
export const PROJECT_ACTIVITY_TYPES = [
  'video.uploaded',
  'video.details_saved',
  'post.scheduled',
  'post.published',
  'post.failed',
  'post.cancelled',
  'post.awaiting_approval',
  'post.approved',
  'post.changes_requested',
  'connection.connected',
  'connection.expiring',
  'connection.lost',
  'rule.ran',
] as const;
export const ProjectActivityType = z.enum(PROJECT_ACTIVITY_TYPES);
export type ProjectActivityType = z.infer<typeof ProjectActivityType>;

/** The account's security events as they appear in the trail: `security.sign_in` … */
export type SecurityActivityType = `security.${SecurityEventType}`;
export const SECURITY_ACTIVITY_TYPES = SECURITY_EVENT_TYPES.map((t) => `security.${t}` as const) as [
  SecurityActivityType,
  ...SecurityActivityType[],
];

export const ACTIVITY_TYPES = [...PROJECT_ACTIVITY_TYPES, ...SECURITY_ACTIVITY_TYPES] as [
  ProjectActivityType | SecurityActivityType,
  ...(ProjectActivityType | SecurityActivityType)[],
];
export const ActivityType = z.enum(ACTIVITY_TYPES);
export type ActivityType = z.infer<typeof ActivityType>;

export const ActivitySubjectKind = z.enum(['video', 'post', 'connection', 'rule', 'account']);
export type ActivitySubjectKind = z.infer<typeof ActivitySubjectKind>;

export const ActivityEvent = z.object({
  /** Unique across the trail: `activity-<n>` for the project's events, `security-<n>` for the account's. */
  id: z.string(),
  type: ActivityType,
  /** ISO 8601 */
  at: z.string(),
  /** Who did it: `you` (the reader), another person by name, `Fanout` (the scheduler, a rule) or a platform's name. */
  actor: z.string(),
  /** `account` for the account's security events: they concern every project. */
  subject: z.object({ kind: ActivitySubjectKind, id: z.string(), title: z.string() }),
  /** One sentence saying what happened. */
  message: z.string(),
  /** The in-app path of the subject. */
  link: z.string(),
  /** More about it, when there is some: the device and address of a sign-in. */
  detail: z.string().nullable(),
});
export type ActivityEvent = z.infer<typeof ActivityEvent>;

export const ACTIVITY_PAGE_MAX = 100;

export const ActivityQuery = z.object({
  project_id: IdText,
  type: ActivityType.optional(),
  limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).default(50),
  /** `nextCursor` of the page before; opaque. */
  cursor: z.string().max(300).optional(),
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;

export const ActivityList = z.object({
  events: z.array(ActivityEvent),
  /** pass as `cursor` for the next page; null at the end */
  nextCursor: z.string().nullable(),
});
export type ActivityList = z.infer<typeof ActivityList>;

/** The live stream's (`GET /api/events`) `activity` event: a new event of one of the user's projects. */
export const ActivityStreamEvent = z.object({ projectId: z.number().int(), event: ActivityEvent });
export type ActivityStreamEvent = z.infer<typeof ActivityStreamEvent>;

const SIGN_IN: Record<NonNullable<SecurityEvent['detail']['method']>, (e: SecurityEvent) => string> = {
  password: () => 'Signed in with the password',
  two_factor: () => 'Signed in with the password and an authenticator code',
  backup_code: () => 'Signed in with the password and a backup code',
  passkey: (e) =>
    e.detail.deviceName ? `Signed in with the passkey “${e.detail.deviceName}”` : 'Signed in with a passkey',
  identity_provider: (e) => `Signed in with ${e.detail.provider ?? 'an identity provider'}`,
};

const FAILED: Record<NonNullable<SecurityEvent['detail']['method']>, (e: SecurityEvent) => string> = {
  password: () => 'Failed sign-in: wrong password',
  two_factor: () => 'Failed sign-in: right password, wrong authenticator code',
  backup_code: () => 'Failed sign-in: right password, wrong backup code',
  passkey: (e) =>
    e.detail.deviceName ? `Failed sign-in with the passkey “${e.detail.deviceName}”` : 'Failed sign-in with a passkey',
  identity_provider: (e) => `Failed sign-in with ${e.detail.provider ?? 'an identity provider'}`,
};

function devices(count: number | undefined) {
  return count === 1 ? '1 other device' : `${count ?? 0} other devices`;
}

/** One line saying what a security event was (the Activity screen, the trail's `message`). */
export function securityEventText(event: Pick<SecurityEvent, 'type' | 'detail'>): string {
  const { detail } = event;
  const e = event as SecurityEvent;
  switch (event.type) {
    case 'account_created':
      return detail.provider ? `Account created with ${detail.provider}` : 'Account created';
    case 'sign_in':
      return detail.method ? SIGN_IN[detail.method](e) : 'Signed in';
    case 'sign_in_failed':
      return detail.method ? FAILED[detail.method](e) : 'Failed sign-in';
    case 'password_changed':
      return detail.count ? `Password changed; ${devices(detail.count)} signed out` : 'Password changed';
    case 'two_factor_enabled':
      return 'Two-factor authentication turned on';
    case 'two_factor_disabled':
      return 'Two-factor authentication turned off';
    case 'backup_codes_regenerated':
      return 'New backup codes made; the old ones stopped working';
    case 'passkey_added':
      return `Passkey “${detail.deviceName ?? ''}” added`;
    case 'passkey_removed':
      return `Passkey “${detail.deviceName ?? ''}” removed`;
    case 'identity_linked':
      return `${detail.provider ?? 'Identity provider'} account linked`;
    case 'session_revoked':
      return 'A signed-in device was signed out';
    case 'other_sessions_revoked':
      return `${devices(detail.count)} signed out`;
    case 'api_token_created':
      return `API token “${event.detail.tokenName ?? ''}” created`;
    case 'api_token_revoked':
      return `API token “${event.detail.tokenName ?? ''}” revoked`;
  }
}
