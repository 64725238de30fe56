import { PROJECT_ACTIVITY_TYPES, SECURITY_EVENT_TYPES, type ActivityType } from '@fanout/contracts';

const PROJECT_LABELS: Record<(typeof PROJECT_ACTIVITY_TYPES)[number], string> = {
  'video.uploaded': 'Uploads',
  'video.details_saved': 'Details saved',
  'post.scheduled': 'Posts scheduled',
  'post.published': 'Posts published',
  'post.failed': 'Posts failed',
  'post.cancelled': 'Posts cancelled',
  'post.awaiting_approval': 'Posts awaiting approval',
  'post.approved': 'Posts approved',
  'post.changes_requested': 'Changes requested',
  'connection.connected': 'Accounts connected',
  'connection.expiring': 'Accounts expiring',
  'connection.lost': 'Accounts lost',
  'rule.ran': 'Rules run',
};

const sentenceCase = (text: string) => text.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** The filter's choices: every kind of event, the account's after the project's. */
export const ACTIVITY_FILTERS: { value: ActivityType; label: string; group: 'Project' | 'Account' }[] = [
  ...PROJECT_ACTIVITY_TYPES.map((type) => ({ value: type, label: PROJECT_LABELS[type], group: 'Project' as const })),
  ...SECURITY_EVENT_TYPES.map((type) => ({
    value: `security.${type}` as ActivityType,
    label: sentenceCase(type),
    group: 'Account' as const,
  })),
];
