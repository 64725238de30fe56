/**
 * The publishing bench's setup: an account with enough projects, each with its own sandbox connections
 * (made through each platform's consent page, as a person does), its videos (uploaded, or copies of one
 * uploaded video on a database the script can reach) and its posts, all due in the same minute.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { PlatformKey, Post, Project } from '@fanout/contracts';
import { openDatabase } from '../apps/server/src/db/database';
import { findVideoOfUser, insertVideoRows, type NewVideo } from '../apps/server/src/repositories/videos.repository';
import { registerBenchUser } from './bench-support';

export const PLATFORMS: PlatformKey[] = ['tiktok', 'instagram', 'facebook', 'youtube', 'x', 'reddit'];
/** At most this many posts per platform, under each sandbox account's (or app's) limit with a margin. */
const PLATFORM_CAP: Partial<Record<PlatformKey, number>> = { instagram: 90, x: 90, youtube: 90, reddit: 100 };
/** Connecting reads the account's profile, which X limits to 75 a user per 15 minutes: X in so many projects at most. */
const PROJECTS_CAP: Partial<Record<PlatformKey, number>> = { x: 60 };
/** TikTok posts per project (per token): init allows 6 a minute, creator_info 20. */
const TIKTOK_PER_PROJECT = 4;
const POSTS_PER_PROJECT = 10;
/** A post's options, by its number among its platform's posts. */
const OPTIONS: Record<PlatformKey, (k: number) => Record<string, unknown>> = {
  tiktok: () => ({ privacyLevel: 'SELF_ONLY' }),
  instagram: () => ({}),
  // Reels are limited to 30 a Page a day: one post in 16 is a Reel (24 at most), the others Page videos.
  facebook: (k) => ({ kind: k % 16 === 0 && k < 16 * 24 ? 'reel' : 'video' }),
  youtube: () => ({ privacy: 'unlisted' }),
  x: () => ({}),
  reddit: () => ({ subreddit: 'sandbox' }),
};

export async function call<T>(base: string, method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** A person on the Accounts screen: start, Approve on the platform's page, the callback, the confirmation. */
export async function connect(base: string, token: string, platform: PlatformKey, projectId: number) {
  const { url } = await call<{ url: string }>(base, 'POST', `/api/connections/${platform}/start`, token, {
    project_id: projectId,
  });
  const page = await (await fetch(url)).text();
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/.exec(page);
  if (!form) throw new Error(`no authorize form for ${platform}`);
  const unescape = (s: string) =>
    s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);
  const fields = new URLSearchParams();
  for (const m of form[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields.set(unescape(m[1]!), unescape(m[2]!));
  fields.set('decision', 'approve');
  const decided = await fetch(new URL(unescape(form[1]!), url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields,
  });
  const back = new URL(decided.headers.get('location') ?? '');
  const callback = await fetch(`${base}${back.pathname}${back.search}`, { redirect: 'manual' });
  await callback.arrayBuffer();
  const pending = new URL(callback.headers.get('location') ?? '', base).searchParams.get('pending');
  if (callback.status !== 302 || !pending)
    throw new Error(`connecting ${platform}: ${callback.status} ${callback.headers.get('location')}`);
  await call(base, 'POST', `/api/connections/pending/${pending}/confirm`, token);
}

async function upload(base: string, token: string, projectId: number, file: string): Promise<number> {
  const form = new FormData();
  form.append('project_id', String(projectId));
  form.append('title', 'Harbour at dawn');
  form.append('allow_duplicate', 'true');
  form.append('video', new Blob([fs.readFileSync(file)], { type: 'video/mp4' }), 'harbour.mp4');
  const res = await fetch(`${base}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { video: { id: number } }).video.id;
}

/** 4 s, 540×960, 30 fps, H.264 + AAC: a video every platform takes (a Reel's minimum size), a few tens of KB. */
function portraitVideo(dir: string): string {
  const file = path.join(dir, 'portrait.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-nostdin', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=duration=4:size=540x960:rate=30'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '40', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '32k', '-shortest', '-movflags', '+faststart', file],
  ]);
  return file;
}

/** The text that finds post number n on the platforms. */
export const marker = (n: number) => `(bench ${n})`;

/** Which platform each post goes to, in turn over the platforms that still have room, and which project. */
export function planPosts(total: number) {
  const projects = Math.max(1, Math.ceil(total / POSTS_PER_PROJECT));
  const cap: Record<PlatformKey, number> = {
    tiktok: projects * TIKTOK_PER_PROJECT,
    instagram: PLATFORM_CAP.instagram!,
    facebook: Infinity,
    youtube: PLATFORM_CAP.youtube!,
    x: PLATFORM_CAP.x!,
    reddit: PLATFORM_CAP.reddit!,
  };
  const count = Object.fromEntries(PLATFORMS.map((p) => [p, 0])) as Record<PlatformKey, number>;
  const plan: { n: number; k: number; platform: PlatformKey; project: number }[] = [];
  for (let n = 0, turn = 0; n < total; turn++) {
    const platform = PLATFORMS[turn % PLATFORMS.length]!;
    if (count[platform] >= cap[platform]) continue;
    const project = count[platform] % Math.min(projects, PROJECTS_CAP[platform] ?? projects);
    plan.push({ n, k: count[platform], platform, project });
    count[platform] += 1;
    n += 1;
  }
  return { plan, projects, count };
}

/**
 * Where the videos of a run come from: each uploaded through the API (`upload`), or, on a PostgreSQL the
 * script can reach, one upload and then copies of its row and files (hard links, new names) in every
 * project, the way bench-library seeds rows: uploading thousands of videos is not what this measures.
 */
export interface VideoCopies {
  databaseUrl: string;
  mediaDir: string;
}

/** `count` copies of video `sourceId` (its row, its file and thumbnail hard-linked under new names) in each project. */
async function copyVideo(copies: VideoCopies, userId: number, sourceId: number, perProject: Map<number, number>) {
  const { db } = await openDatabase({ url: copies.databaseUrl, dir: '' });
  try {
    const source = await findVideoOfUser(db, sourceId, userId);
    if (!source) throw new Error(`video ${sourceId} is not in the database`);
    const link = (name: string, copy: string) =>
      fs.linkSync(path.join(copies.mediaDir, name), path.join(copies.mediaDir, copy));
    const rows: NewVideo[] = [];
    const owners: number[] = [];
    for (const [projectId, count] of perProject)
      for (let i = 0; i < count; i++) {
        const n = rows.length;
        const filename = `copy-${n}-${source.filename}`;
        const thumbnailFilename = source.thumbnail_filename ? `copy-${n}-${source.thumbnail_filename}` : null;
        link(source.filename, filename);
        if (thumbnailFilename) link(source.thumbnail_filename!, thumbnailFilename);
        rows.push({
          userId: source.user_id,
          projectId,
          title: source.title,
          status: source.status,
          durationSeconds: source.duration_seconds,
          sizeBytes: source.size_bytes,
          filename,
          thumbnailFilename,
          thumbnailBytes: source.thumbnail_bytes,
          width: source.width,
          height: source.height,
          fps: source.fps,
          videoCodec: source.video_codec,
          audioCodec: source.audio_codec,
          mimeType: source.mime_type,
          originalName: source.original_name,
        });
        owners.push(projectId);
      }
    const ids = await insertVideoRows(db, rows);
    return ids.map((id, i) => ({ id, projectId: owners[i]! }));
  } finally {
    await db.destroy();
  }
}

/**
 * A person with enough projects, each with its own connections and videos, and `total` posts due in the same
 * whole minute, spread as planPosts says. `concurrency`: projects set up at once; `copies`: see VideoCopies.
 */
export async function createDuePosts(base: string, work: string, total: number, concurrency = 1, copies?: VideoCopies) {
  const { token, user } = await registerBenchUser(base, 'bench');
  const { plan, projects, count } = planPosts(total);
  const file = portraitVideo(work);
  const step = (what: string) => console.error(`[bench-publish] ${new Date().toISOString()} ${what}`);

  // Projects, each with its connections; a new account starts with one project.
  const existing = await call<Project[]>(base, 'GET', '/api/projects', token);
  const projectIds = existing.map((p) => p.id).slice(0, projects);
  while (projectIds.length < projects) {
    const made = await call<Project>(base, 'POST', `/api/projects`, token, {
      name: `Channel ${projectIds.length + 1}`,
      initials: 'CH',
      color1: '#3b82f6',
      color2: '#9333ea',
    });
    projectIds.push(made.id);
  }
  step(`${projects} projects made`);
  // A video carries one post per platform (a second one to the same account is refused while the first is
  // scheduled): each project gets as many videos as its busiest platform has posts.
  const groups = projectIds.map((_, index) => {
    const left = plan.filter((p) => p.project === index);
    const items: (typeof plan)[] = [];
    while (left.length) {
      const batch: typeof plan = [];
      for (const item of [...left])
        if (!batch.some((b) => b.platform === item.platform)) {
          batch.push(item);
          left.splice(left.indexOf(item), 1);
        }
      items.push(batch);
    }
    return items;
  });
  const batches: { videoId: number; items: typeof plan }[] = [];
  const setUpProject = async (index: number, projectId: number) => {
    for (const platform of new Set(plan.filter((p) => p.project === index).map((p) => p.platform)))
      await connect(base, token, platform, projectId);
    if (copies) return;
    for (const items of groups[index]!) batches.push({ videoId: await upload(base, token, projectId, file), items });
  };
  let nextProject = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (nextProject < projectIds.length) {
        const index = nextProject++;
        await setUpProject(index, projectIds[index]!);
      }
    }),
  );
  step(copies ? 'connections made' : `connections made, ${batches.length} videos uploaded`);
  if (copies) {
    const source = await upload(base, token, projectIds[0]!, file);
    const made = await copyVideo(copies, user.id, source, new Map(projectIds.map((id, i) => [id, groups[i]!.length])));
    const videosOf = new Map(projectIds.map((id) => [id, [] as number[]]));
    for (const v of made) videosOf.get(v.projectId)!.push(v.id);
    projectIds.forEach((id, i) =>
      groups[i]!.forEach((items, j) => batches.push({ videoId: videosOf.get(id)![j]!, items })),
    );
    step(`1 video uploaded, ${made.length} copies of it made`);
  }

  // Every post due at the same instant: the first whole minute that leaves time to create them all.
  const due = new Date(Math.ceil((Date.now() + 20_000 + batches.length * 15) / 60_000) * 60_000);
  const postIds = new Map<number, number>();
  let nextBatch = 0;
  const createBatch = async ({ videoId, items }: (typeof batches)[number]) => {
    const created = await call<{ posts: Post[] }>(base, 'POST', `/api/videos/${videoId}/posts`, token, {
      targets: items.map((b) => ({
        platform: b.platform,
        caption: `Harbour at dawn ${marker(b.n)}`,
        options: OPTIONS[b.platform](b.k),
      })),
      scheduledAt: due.toISOString(),
    });
    created.posts.forEach((post, i) => postIds.set(items[i]!.n, post.id));
  };
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (nextBatch < batches.length) await createBatch(batches[nextBatch++]!);
    }),
  );
  step(`${postIds.size} posts created, due ${due.toISOString()}`);
  return { token, projectIds, postIds, due, projects, count };
}
