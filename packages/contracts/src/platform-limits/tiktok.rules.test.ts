import { describeRules, GiB, MiB, type Post } from './rule-cases';

const base: Post = {
  facts: {
    durationSeconds: 30,
    sizeBytes: 20 * MiB,
    width: 1080,
    height: 1920,
    fps: 30,
    videoCodec: 'h264',
    audioCodec: 'aac',
    mimeType: 'video/mp4',
  },
  fields: { title: 'Launch', caption: 'Our launch #new', tags: [], options: { privacyLevel: 'SELF_ONLY' } },
};

describeRules('tiktok', base, [
  {
    rule: 'video.duration_min',
    field: 'video',
    ok: { facts: { durationSeconds: 3 } },
    bad: { facts: { durationSeconds: 2.99 } },
  },
  {
    rule: 'video.duration_max',
    field: 'video',
    ok: { facts: { durationSeconds: 600 } },
    bad: { facts: { durationSeconds: 600.01 } },
  },
  {
    rule: 'video.duration_max',
    field: 'video',
    about: "the account's own maximum from creator_info",
    ok: { facts: { durationSeconds: 60 }, account: { maxDurationSeconds: 60 } },
    bad: { facts: { durationSeconds: 61 }, account: { maxDurationSeconds: 60 } },
  },
  {
    rule: 'video.size_max',
    field: 'video',
    ok: { facts: { sizeBytes: 4 * GiB } },
    bad: { facts: { sizeBytes: 4 * GiB + 1 } },
  },
  { rule: 'video.width_min', field: 'video', ok: { facts: { width: 360 } }, bad: { facts: { width: 359 } } },
  { rule: 'video.width_max', field: 'video', ok: { facts: { width: 4096 } }, bad: { facts: { width: 4097 } } },
  { rule: 'video.height_min', field: 'video', ok: { facts: { height: 360 } }, bad: { facts: { height: 359 } } },
  { rule: 'video.height_max', field: 'video', ok: { facts: { height: 4096 } }, bad: { facts: { height: 4097 } } },
  { rule: 'video.fps_min', field: 'video', ok: { facts: { fps: 23 } }, bad: { facts: { fps: 22.99 } } },
  { rule: 'video.fps_max', field: 'video', ok: { facts: { fps: 60 } }, bad: { facts: { fps: 60.01 } } },
  {
    rule: 'video.container',
    field: 'video',
    ok: { facts: { mimeType: 'video/webm', videoCodec: 'vp9', audioCodec: 'opus' } },
    bad: { facts: { mimeType: 'video/x-matroska' } },
  },
  {
    rule: 'video.video_codec',
    field: 'video',
    ok: { facts: { videoCodec: 'hevc' } },
    bad: { facts: { videoCodec: 'av1' } },
  },
  {
    rule: 'caption.max_length',
    field: 'caption',
    ok: { fields: { caption: 'a'.repeat(2200) } },
    bad: { fields: { caption: 'a'.repeat(2201) } },
  },
  {
    rule: 'caption.max_length',
    field: 'caption',
    about: 'an emoji is 2 UTF-16 units',
    ok: { fields: { caption: '😀'.repeat(1100) } },
    bad: { fields: { caption: `${'😀'.repeat(1100)}a` } },
  },
  {
    rule: 'options.required',
    field: 'options.privacyLevel',
    about: 'no silent default privacy',
    ok: { fields: { options: { privacyLevel: 'FOLLOWER_OF_CREATOR' } } },
    bad: { fields: { options: { allowComments: true } } },
  },
  {
    rule: 'options.invalid',
    field: 'options.privacyLevel',
    ok: { fields: { options: { privacyLevel: 'PUBLIC_TO_EVERYONE' } } },
    bad: { fields: { options: { privacyLevel: 'PUBLIC' } } },
  },
  {
    rule: 'options.invalid',
    field: 'options.allowDuet',
    ok: {
      fields: { options: { privacyLevel: 'SELF_ONLY', allowComments: true, allowDuet: false, allowStitch: true } },
    },
    bad: { fields: { options: { privacyLevel: 'SELF_ONLY', allowDuet: 'yes' } } },
  },
  {
    rule: 'options.invalid',
    field: 'options.isAigc',
    about: 'the "AI-generated content" label',
    ok: { fields: { options: { privacyLevel: 'SELF_ONLY', isAigc: true } } },
    bad: { fields: { options: { privacyLevel: 'SELF_ONLY', isAigc: 'yes' } } },
  },
  {
    rule: 'options.unknown',
    field: 'options.paidPartnership',
    ok: {
      fields: {
        options: { privacyLevel: 'SELF_ONLY', commercialContent: true, brandContent: false, brandOrganic: true },
      },
    },
    bad: { fields: { options: { privacyLevel: 'SELF_ONLY', paidPartnership: true } } },
  },
  {
    rule: 'options.disclosure_unspecified',
    field: 'options.commercialContent',
    about: 'the disclosure turned on says what it promotes',
    ok: { fields: { options: { privacyLevel: 'SELF_ONLY', commercialContent: true, brandOrganic: true } } },
    bad: { fields: { options: { privacyLevel: 'SELF_ONLY', commercialContent: true, brandOrganic: false } } },
  },
  {
    rule: 'options.branded_content_private',
    field: 'options.privacyLevel',
    about: 'branded content is never SELF_ONLY',
    ok: { fields: { options: { privacyLevel: 'FOLLOWER_OF_CREATOR', commercialContent: true, brandContent: true } } },
    bad: { fields: { options: { privacyLevel: 'SELF_ONLY', commercialContent: true, brandContent: true } } },
  },
  {
    rule: 'options.privacy_unaudited_app',
    field: 'options.privacyLevel',
    about: 'an app that has not passed the Direct Post audit posts SELF_ONLY only',
    ok: { fields: { options: { privacyLevel: 'SELF_ONLY' } }, account: { tiktokUnaudited: true } },
    bad: { fields: { options: { privacyLevel: 'FOLLOWER_OF_CREATOR' } }, account: { tiktokUnaudited: true } },
  },
  {
    rule: 'options.privacy_level_unavailable',
    field: 'options.privacyLevel',
    ok: {
      fields: { options: { privacyLevel: 'MUTUAL_FOLLOW_FRIENDS' } },
      account: { privacyLevelOptions: ['MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'] },
    },
    bad: {
      fields: { options: { privacyLevel: 'PUBLIC_TO_EVERYONE' } },
      account: { privacyLevelOptions: ['MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'] },
    },
  },
]);
