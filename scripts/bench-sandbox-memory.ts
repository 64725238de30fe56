/**
 * The sandbox's memory: the built server started as `npm start` starts it (no platform credentials, so the
 * platform emulator runs in the same process), one video of BENCH_SANDBOX_MB MB (default 203) published at
 * once to the six sandbox platforms. Prints how much the process grew from just before the posts were made
 * to its peak while they were published (VmHWM after a reset where Linux allows it, and VmRSS sampled every
 * 50 ms), beside the goal of 150 MB, and the time until all six were published. `npm run bench` runs it
 * (BENCH_SANDBOX_MB=0 skips it); alone: `node --import tsx scripts/bench-sandbox-memory.ts`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Post, Project } from '@fanout/contracts';
import { call, connect, PLATFORMS } from './bench-publish-setup';
import { processMb, registerBenchUser, resetPeak } from './bench-support';
import { streamUpload } from './bench-stream-upload';
import { repoRoot, startBuiltServer, stopChild } from './built-server';

export const SANDBOX_GROWTH_GOAL_MB = 150;

export interface SandboxMemory {
  fileMb: number;
  beforeMb: number;
  peakMb: number;
  afterMb: number;
  publishMs: number;
}

/** What every platform takes (X: at most 1280×1024; Reels-like 9:16): 540×960, 30 fps, H.264 + AAC, as dense as noise. */
function denseVideo(dir: string, mb: number): string {
  const second = path.join(dir, 'second.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-nostdin', '-y'],
    ...['-f', 'lavfi', '-i', "nullsrc=s=540x960:r=30:d=1,geq=lum='random(1)*255':cb=128:cr=128"],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-shortest', second],
  ]);
  // At least 4 s: the shortest video TikTok and Instagram take is 3 s.
  const loops = Math.max(4, Math.round((mb * 1024 * 1024) / fs.statSync(second).size)) - 1;
  const file = path.join(dir, 'dense.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-nostdin', '-y', '-stream_loop', String(loops), '-i', second],
    ...['-c', 'copy', '-movflags', '+faststart', file],
  ]);
  fs.rmSync(second);
  return file;
}

const OPTIONS: Record<string, Record<string, unknown>> = {
  tiktok: { privacyLevel: 'SELF_ONLY' },
  facebook: { kind: 'video' },
  youtube: { privacy: 'unlisted' },
  reddit: { subreddit: 'sandbox' },
};

export async function benchSandboxMemory(mb = Number(process.env.BENCH_SANDBOX_MB ?? 203)): Promise<SandboxMemory> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-bench-sandbox-'));
  // The emulator on a free port, in the server's process: what `npm start` does without credentials.
  const { child, url } = await startBuiltServer(path.join(work, 'data'), { EMULATOR_PORT: '0' });
  const pid = child.pid!;
  try {
    const { token } = await registerBenchUser(url, 'sandbox');
    const [project] = await call<Project[]>(url, 'GET', '/api/projects', token);
    for (const platform of PLATFORMS) await connect(url, token, platform, project!.id);
    const file = denseVideo(work, mb);
    const fileMb = fs.statSync(file).size / 1024 / 1024;
    const up = await streamUpload(`${url}/api/upload`, token, project!.id, file);
    if (up.status !== 201) throw new Error(`upload answered ${up.status}: ${up.body}`);
    const videoId = (JSON.parse(up.body) as { video: { id: number } }).video.id;
    await new Promise((r) => setTimeout(r, 2000));

    const beforeMb = processMb(pid);
    const canReset = resetPeak(pid);
    let sampledMb = beforeMb;
    const sampler = setInterval(() => (sampledMb = Math.max(sampledMb, processMb(pid))), 50);
    const started = performance.now();
    try {
      await call(url, 'POST', `/api/videos/${videoId}/posts`, token, {
        targets: PLATFORMS.map((platform) => ({
          platform,
          caption: 'Harbour at dawn',
          options: OPTIONS[platform] ?? {},
        })),
      });
      for (;;) {
        const { posts } = await call<{ posts: Post[] }>(url, 'GET', `/api/videos/${videoId}/posts`, token);
        const ended = posts.filter((p) => !['scheduled', 'publishing'].includes(p.status));
        if (ended.some((p) => p.status !== 'published'))
          throw new Error(`not published: ${JSON.stringify(ended.filter((p) => p.status !== 'published'))}`);
        if (ended.length === PLATFORMS.length) break;
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      clearInterval(sampler);
    }
    const publishMs = performance.now() - started;
    const peakMb = Math.max(sampledMb, canReset ? processMb(pid, 'VmHWM') : 0);
    return { fileMb, beforeMb, peakMb, afterMb: processMb(pid), publishMs };
  } finally {
    await stopChild(child);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export function sandboxMemoryRows(m: SandboxMemory): [string, string][] {
  const growth = m.peakMb - m.beforeMb;
  return [
    [
      `sandbox: a ${m.fileMb.toFixed(0)} MB video to the six platforms, server + emulator process growth (goal ≤ ${SANDBOX_GROWTH_GOAL_MB} MB)`,
      `${growth.toFixed(1)} MB (${m.beforeMb.toFixed(1)} → peak ${m.peakMb.toFixed(1)} MB)`,
    ],
    ['  time until all six were published', `${(m.publishMs / 1000).toFixed(1)} s`],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // The server (and the emulator inlined in it) as the sources are now.
  execFileSync('npm', ['run', 'build', '-w', '@fanout/server'], { cwd: repoRoot, stdio: 'ignore' });
  for (const [what, value] of sandboxMemoryRows(await benchSandboxMemory())) console.log(`${what}: ${value}`);
}
