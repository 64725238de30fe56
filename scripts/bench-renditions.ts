/**
 * Fitting copies, beside the goals of docs/renditions.md:
 * - a 60 s 1920×1080 30 fps H.264 clip made vertical (1080×1920, padded over its blurred copy) for TikTok by the
 *   built server started as `npm start` starts it (the sandbox, a worker in the same process): the time from
 *   `POST /api/videos/:id/renditions` to `ready` over the clip's duration (goal ≤ 1.5×), the server process's
 *   growth meanwhile (goal ≤ 50 MB; VmHWM after a reset where Linux allows it, and VmRSS sampled every 50 ms),
 *   and ffmpeg's own peak apart (its VmHWM, sampled);
 * - a re-wrap (streams copied, index first) of a BENCH_REWRAP_MB MB file (default 2048) against `cp` of the same
 *   file (goal ≤ 2×), both from the page cache after the file was written.
 * `npm run bench` runs it (BENCH_RENDITIONS=0 skips it); alone: `node --import tsx scripts/bench-renditions.ts`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Connection, Project, Rendition } from '@fanout/contracts';
import { renderFit } from '../apps/server/src/media/render-fit';
import { call, connect } from './bench-publish-setup';
import { processMb, registerBenchUser, resetPeak } from './bench-support';
import { streamUpload } from './bench-stream-upload';
import { makeLongMp4 } from './bench-videos';
import { repoRoot, startBuiltServer, stopChild } from './built-server';

export const VERTICAL_GOAL = 1.5;
export const GROWTH_GOAL_MB = 50;
export const REWRAP_GOAL = 2;
const CLIP_SECONDS = 60;

export interface RenditionBench {
  verticalMs: number;
  beforeMb: number;
  peakMb: number;
  ffmpegPeakMb: number;
  output: string;
  rewrapMb: number;
  cpMs: number;
  rewrapMs: number;
}

/** The clip: 60 s of 1080p30 H.264 (a moving test pattern, so the encoder has work) with AAC sound. */
function landscapeClip(dir: string): string {
  const file = path.join(dir, 'landscape-60s.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-nostdin', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=duration=${CLIP_SECONDS}:size=1920x1080:rate=30`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${CLIP_SECONDS}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '20', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-shortest', '-movflags', '+faststart', file],
  ]);
  return file;
}

/** The ffmpeg processes the server started, by pid. */
function ffmpegChildren(pid: number): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid && stat.includes('(ffmpeg)')) pids.push(Number(entry));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return pids;
}

/** A process's figure, or 0 when it ended meanwhile (gone, or a zombie whose status has no memory lines). */
const safeMb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  try {
    const mb = processMb(pid, field);
    return Number.isFinite(mb) ? mb : 0;
  } catch {
    return 0;
  }
};

async function benchVertical(work: string) {
  const { child, url } = await startBuiltServer(path.join(work, 'data'), { EMULATOR_PORT: '0' });
  const pid = child.pid!;
  try {
    const { token } = await registerBenchUser(url, 'renditions');
    const [project] = await call<Project[]>(url, 'GET', '/api/projects', token);
    await connect(url, token, 'tiktok', project!.id);
    const { connections } = await call<{ connections: Connection[] }>(
      url,
      'GET',
      `/api/connections?project_id=${project!.id}`,
      token,
    );
    const up = await streamUpload(`${url}/api/upload`, token, project!.id, landscapeClip(work));
    if (up.status !== 201) throw new Error(`upload answered ${up.status}: ${up.body}`);
    const videoId = (JSON.parse(up.body) as { video: { id: number } }).video.id;

    const beforeMb = processMb(pid);
    const canReset = resetPeak(pid);
    let sampledMb = beforeMb;
    let ffmpegPeakMb = 0;
    const sampler = setInterval(() => {
      sampledMb = Math.max(sampledMb, safeMb(pid, 'VmRSS'));
      for (const f of ffmpegChildren(pid)) ffmpegPeakMb = Math.max(ffmpegPeakMb, safeMb(f, 'VmHWM'));
    }, 50);
    const started = performance.now();
    let ready: Rendition;
    try {
      const { rendition } = await call<{ rendition: Rendition }>(
        url,
        'POST',
        `/api/videos/${videoId}/renditions`,
        token,
        { connectionId: connections[0]!.id, options: { privacyLevel: 'SELF_ONLY' }, vertical: true, aspect: 'pad' },
      );
      for (;;) {
        const { renditions } = await call<{ renditions: Rendition[] }>(
          url,
          'GET',
          `/api/videos/${videoId}/renditions`,
          token,
        );
        const now = renditions.find((r) => r.id === rendition.id)!;
        if (now.status === 'failed') throw new Error(`render failed: ${now.error?.message}`);
        if (now.status === 'ready') {
          ready = now;
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      clearInterval(sampler);
    }
    const verticalMs = performance.now() - started;
    const peakMb = Math.max(sampledMb, canReset ? processMb(pid, 'VmHWM') : 0);
    const output = `${ready.width}×${ready.height}, ${ready.fps} fps, ${((ready.sizeBytes ?? 0) / 1e6).toFixed(1)} MB`;
    return { verticalMs, beforeMb, peakMb, ffmpegPeakMb, output };
  } finally {
    await stopChild(child);
  }
}

async function benchRewrap(work: string, mb: number) {
  const file = makeLongMp4(work, mb, 'rewrap-source.mp4');
  const rewrapMb = fs.statSync(file).size / 1024 / 1024;
  // Both read the file just written, from the page cache, and write a new file of the same size.
  let t = performance.now();
  execFileSync('cp', [file, path.join(work, 'copied.mp4')]);
  const cpMs = performance.now() - t;
  fs.rmSync(path.join(work, 'copied.mp4'));
  t = performance.now();
  await renderFit({
    ffmpeg: 'ffmpeg',
    steps: [{ kind: 'rewrap', container: 'mp4', faststart: true }],
    input: file,
    output: path.join(work, 'rewrapped.mp4'),
    sourceDurationMs: null,
  });
  const rewrapMs = performance.now() - t;
  return { rewrapMb, cpMs, rewrapMs };
}

export async function benchRenditions(rewrapMb = Number(process.env.BENCH_REWRAP_MB ?? 2048)): Promise<RenditionBench> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-bench-renditions-'));
  try {
    const vertical = await benchVertical(work);
    const rewrap = await benchRewrap(work, rewrapMb);
    return { ...vertical, ...rewrap };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export function renditionRows(b: RenditionBench): [string, string][] {
  const ratio = b.verticalMs / 1000 / CLIP_SECONDS;
  return [
    [
      `a ${CLIP_SECONDS} s 1920×1080 30 fps clip made vertical (padded) for TikTok, render time over its duration (goal ≤ ${VERTICAL_GOAL}×)`,
      `${ratio.toFixed(2)}× (${(b.verticalMs / 1000).toFixed(1)} s; the copy: ${b.output})`,
    ],
    [
      `  server process growth meanwhile (goal ≤ ${GROWTH_GOAL_MB} MB)`,
      `${(b.peakMb - b.beforeMb).toFixed(1)} MB (${b.beforeMb.toFixed(1)} → peak ${b.peakMb.toFixed(1)} MB)`,
    ],
    ['  ffmpeg’s own peak (apart)', `${b.ffmpegPeakMb.toFixed(1)} MB`],
    [
      `a re-wrap of a ${b.rewrapMb.toFixed(0)} MB file over cp of it (goal ≤ ${REWRAP_GOAL}×)`,
      `${(b.rewrapMs / b.cpMs).toFixed(2)}× (re-wrap ${(b.rewrapMs / 1000).toFixed(1)} s, cp ${(b.cpMs / 1000).toFixed(1)} s)`,
    ],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  execFileSync('npm', ['run', 'build', '-w', '@fanout/server'], { cwd: repoRoot, stdio: 'ignore' });
  for (const [what, value] of renditionRows(await benchRenditions())) console.log(`${what}: ${value}`);
}
