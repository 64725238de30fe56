import { describeRules, GiB, MiB, type Post } from './rule-cases';

const pageVideo: Post = {
  facts: {
    durationSeconds: 600,
    sizeBytes: 100 * MiB,
    width: 1920,
    height: 1080,
    fps: 25,
    videoCodec: 'h264',
    audioCodec: 'aac',
    mimeType: 'video/quicktime',
  },
  fields: { title: 'Launch', caption: 'Our launch', tags: [], options: { kind: 'video' } },
};

describeRules('facebook', pageVideo, [
  { rule: 'video.size_min', field: 'video', ok: { facts: { sizeBytes: 1024 } }, bad: { facts: { sizeBytes: 1023 } } },
  {
    rule: 'video.size_max',
    field: 'video',
    ok: { facts: { sizeBytes: 2 * GiB } },
    bad: { facts: { sizeBytes: 2 * GiB + 1 } },
  },
  {
    rule: 'caption.max_length',
    field: 'caption',
    ok: { fields: { caption: 'a'.repeat(63_206) } },
    bad: { fields: { caption: 'a'.repeat(63_207) } },
  },
  {
    rule: 'options.invalid',
    field: 'options.kind',
    ok: { fields: { options: {} } },
    bad: { fields: { options: { kind: 'story' } } },
  },
  {
    rule: 'options.invalid',
    field: 'options.title',
    about: 'a title of its own on Facebook',
    ok: { fields: { options: { kind: 'video', title: 'Night market, part 2' } } },
    bad: { fields: { options: { kind: 'video', title: '   ' } } },
  },
  {
    rule: 'options.unknown',
    field: 'options.scheduledPublishTime',
    ok: { fields: { options: { kind: 'video' } } },
    bad: { fields: { options: { scheduledPublishTime: 1 } } },
  },
  // A Reel: its own limits, chosen by kind.
  ...(
    [
      ['video.duration_min', { durationSeconds: 3 }, { durationSeconds: 2.5 }],
      ['video.duration_max', { durationSeconds: 90 }, { durationSeconds: 90.5 }],
      ['video.width_min', { width: 540, height: 960 }, { width: 539, height: 960 }],
      ['video.height_min', { width: 540, height: 960 }, { width: 540, height: 959 }],
      ['video.aspect_min', { width: 1080, height: 1920 }, { width: 1080, height: 2400 }],
      ['video.aspect_max', { width: 720, height: 1280 }, { width: 1920, height: 1080 }],
      ['video.fps_min', { fps: 24 }, { fps: 23.976 }],
      ['video.fps_max', { fps: 60 }, { fps: 61 }],
      ['video.container', { mimeType: 'video/mp4' }, { mimeType: 'video/quicktime' }],
    ] as const
  ).map(([rule, ok, bad]) => {
    const reel = { durationSeconds: 30, width: 1080, height: 1920, fps: 30, mimeType: 'video/mp4' };
    const options = { kind: 'reel' };
    return {
      rule,
      field: 'video',
      about: 'Reel',
      ok: { facts: { ...reel, ...ok }, fields: { options } },
      bad: { facts: { ...reel, ...bad }, fields: { options } },
    };
  }),
]);
