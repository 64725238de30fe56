import { describeRules, GiB, MiB, type Post } from './rule-cases';

const base: Post = {
  facts: {
    durationSeconds: 300,
    sizeBytes: 200 * MiB,
    width: 3840,
    height: 2160,
    fps: 50,
    videoCodec: 'vp9',
    audioCodec: 'opus',
    mimeType: 'video/x-matroska',
  },
  fields: { title: 'Launch', caption: 'All about the launch', tags: ['launch'], options: { privacy: 'unlisted' } },
};

describeRules('youtube', base, [
  {
    rule: 'video.duration_max',
    field: 'video',
    ok: { facts: { durationSeconds: 43_200 } },
    bad: { facts: { durationSeconds: 43_201 } },
  },
  {
    rule: 'video.size_max',
    field: 'video',
    ok: { facts: { sizeBytes: 256 * GiB } },
    bad: { facts: { sizeBytes: 256 * GiB + 1 } },
  },
  { rule: 'title.required', field: 'title', ok: { fields: { title: 'x' } }, bad: { fields: { title: '  ' } } },
  {
    rule: 'title.max_length',
    field: 'title',
    ok: { fields: { title: 'é'.repeat(100) } },
    bad: { fields: { title: 'é'.repeat(101) } },
  },
  {
    rule: 'title.forbidden_characters',
    field: 'title',
    ok: { fields: { title: 'A ≥ B, «quoted»' } },
    bad: { fields: { title: 'A > B' } },
  },
  {
    rule: 'caption.max_length',
    field: 'caption',
    about: '5,000 bytes: an é is 2',
    ok: { fields: { caption: 'é'.repeat(2500) } },
    bad: { fields: { caption: 'é'.repeat(2501) } },
  },
  {
    rule: 'caption.max_length',
    field: 'caption',
    about: 'an emoji is 4 bytes',
    ok: { fields: { caption: '😀'.repeat(1250) } },
    bad: { fields: { caption: `${'😀'.repeat(1250)}a` } },
  },
  {
    rule: 'caption.forbidden_characters',
    field: 'caption',
    ok: { fields: { caption: 'Links → below' } },
    bad: { fields: { caption: '<b>Links</b> below' } },
  },
  {
    rule: 'tags.max_length',
    field: 'tags',
    about: 'a comma between tags counts',
    ok: { fields: { tags: ['x'.repeat(250), 'y'.repeat(249)] } },
    bad: { fields: { tags: ['x'.repeat(250), 'y'.repeat(250)] } },
  },
  {
    rule: 'tags.max_length',
    field: 'tags',
    about: 'a tag with a space counts its quotes',
    ok: { fields: { tags: ['x'.repeat(490), 'Foo Baz'] } },
    bad: { fields: { tags: ['x'.repeat(491), 'Foo Baz'] } },
  },
  {
    rule: 'options.invalid',
    field: 'options.privacy',
    ok: { fields: { options: { privacy: 'private', categoryId: '22', madeForKids: false } } },
    bad: { fields: { options: { privacy: 'friends' } } },
  },
  {
    rule: 'options.invalid',
    field: 'options.categoryId',
    ok: { fields: { options: { categoryId: '10' } } },
    bad: { fields: { options: { categoryId: 'Music' } } },
  },
  {
    rule: 'options.invalid',
    field: 'options.license',
    about: 'the licenses of the discovery document',
    ok: { fields: { options: { license: 'creativeCommon' } } },
    bad: { fields: { options: { license: 'cc-by' } } },
  },
  {
    rule: 'options.invalid',
    field: 'options.notifySubscribers',
    ok: {
      fields: {
        options: {
          notifySubscribers: false,
          containsSyntheticMedia: true,
          embeddable: false,
          publicStatsViewable: false,
        },
      },
    },
    bad: { fields: { options: { notifySubscribers: 'no' } } },
  },
  {
    rule: 'options.invalid',
    field: 'options.containsSyntheticMedia',
    ok: { fields: { options: { containsSyntheticMedia: false } } },
    bad: { fields: { options: { containsSyntheticMedia: 1 } } },
  },
  {
    rule: 'options.invalid',
    field: 'options.playlistIds',
    about: 'at most 10 different playlist ids',
    ok: { fields: { options: { playlistIds: ['PLsandboxFanoutTravel0000000000001', 'PLb'] } } },
    bad: { fields: { options: { playlistIds: ['PLb', 'PLb'] } } },
  },
  {
    rule: 'options.invalid',
    field: 'options.playlistIds',
    about: 'an id is letters, digits, - and _',
    ok: { fields: { options: { playlistIds: Array.from({ length: 10 }, (_, i) => `PL${i}`) } } },
    bad: { fields: { options: { playlistIds: ['Travel videos'] } } },
  },
  {
    rule: 'options.unknown',
    field: 'options.publishAt',
    ok: { fields: { options: {} } },
    bad: { fields: { options: { publishAt: '2030-01-01T00:00:00Z' } } },
  },
]);
