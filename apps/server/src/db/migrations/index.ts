import type { Migration } from 'kysely';
import * as m0001 from './0001-initial';
import * as m0002 from './0002-video-thumbnail-bytes';
import * as m0003 from './0003-sign-in-security';
import * as m0004 from './0004-session-reauthenticated-at';
import * as m0005 from './0005-platform-connections';
import * as m0006 from './0006-video-frame-rate';
import * as m0007 from './0007-user-time-zone';
import * as m0008 from './0008-posts';
import * as m0009 from './0009-post-runs';
import * as m0010 from './0010-video-lists';
import * as m0011 from './0011-video-content-hash';
import * as m0012 from './0012-tus-uploads';
import * as m0013 from './0013-live-change-notify';
import * as m0014 from './0014-known-sign-in-addresses';
import * as m0015 from './0015-activity-events';
import * as m0016 from './0016-posting-slots';
import * as m0017 from './0017-ideas';
import * as m0018 from './0018-post-metrics';
import * as m0019 from './0019-collections';
import * as m0020 from './0020-automation-rules';
import * as m0021 from './0021-api-tokens';
import * as m0022 from './0022-activity-trail-order';
import * as m0023 from './0023-video-change-notify';
import * as m0025 from './0025-webhook-deliveries';
import * as m0026 from './0026-secret-key-check';
import * as m0027 from './0027-reconnect-resumes-posts';
import * as m0029 from './0029-request-limits';
import * as m0030 from './0030-publish-question-and-post-start-over';
import * as m0032 from './0032-video-size-lookup';
import * as m0033 from './0033-several-accounts-per-platform';
import * as m0037 from './0037-recent-changes';
import * as m0038 from './0038-post-applied-privacy';
import * as m0039 from './0039-renditions';
import * as m0040 from './0040-video-faststart';
import * as m0041 from './0041-post-first-comment';
import * as m0042 from './0042-video-cover';
import * as m0043 from './0043-post-rendition';
import * as m0045 from './0045-video-captions';
import * as m0046 from './0046-post-playlist-error';
import * as m0050 from './0050-project-members';
import * as m0052 from './0052-post-approval';
import * as m0053 from './0053-notes-and-preview-links';
import * as m0054 from './0054-activity-actor';

/** Every migration, in order. Add new ones at the end; never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-video-thumbnail-bytes': m0002,
  '0003-sign-in-security': m0003,
  '0004-session-reauthenticated-at': m0004,
  '0005-platform-connections': m0005,
  '0006-video-frame-rate': m0006,
  '0007-user-time-zone': m0007,
  '0008-posts': m0008,
  '0009-post-runs': m0009,
  '0010-video-lists': m0010,
  '0011-video-content-hash': m0011,
  '0012-tus-uploads': m0012,
  '0013-live-change-notify': m0013,
  '0014-known-sign-in-addresses': m0014,
  '0015-activity-events': m0015,
  '0016-posting-slots': m0016,
  '0017-ideas': m0017,
  '0018-post-metrics': m0018,
  '0019-collections': m0019,
  '0020-automation-rules': m0020,
  '0021-api-tokens': m0021,
  '0022-activity-trail-order': m0022,
  '0023-video-change-notify': m0023,
  '0025-webhook-deliveries': m0025,
  '0026-secret-key-check': m0026,
  '0027-reconnect-resumes-posts': m0027,
  '0029-request-limits': m0029,
  '0030-publish-question-and-post-start-over': m0030,
  '0032-video-size-lookup': m0032,
  '0033-several-accounts-per-platform': m0033,
  '0037-recent-changes': m0037,
  '0038-post-applied-privacy': m0038,
  '0039-renditions': m0039,
  '0040-video-faststart': m0040,
  '0041-post-first-comment': m0041,
  '0042-video-cover': m0042,
  '0043-post-rendition': m0043,
  '0045-video-captions': m0045,
  '0046-post-playlist-error': m0046,
  '0050-project-members': m0050,
  '0052-post-approval': m0052,
  '0053-notes-and-preview-links': m0053,
  '0054-activity-actor': m0054,
};
