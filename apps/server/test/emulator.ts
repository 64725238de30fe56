import fs from 'node:fs';
import { sandboxApp, startEmulator, type RunningEmulator } from '@fanout/platform-emulator';
import { resolveBinaries } from '../src/media/binaries';
import type { AdapterOptions } from '../src/platforms/base-adapter';
import type { MediaSource, VideoSource } from '../src/platforms/platform-adapter';
import { makeTempDir } from './test-server';

export interface TestEmulator extends RunningEmulator {
  dataDir: string;
  /** Closes it and removes its data dir. */
  stop(): Promise<void>;
}

/**
 * The platform emulator on a free loopback port with a data dir of its own (or `dataDir`, to restart on it).
 * `now`: the emulator's clock, for tests of token ages and lifetimes.
 */
export async function startTestEmulator(
  dataDir = makeTempDir('fanout-emulator-'),
  opts: { now?: () => number } = {},
): Promise<TestEmulator> {
  const { ffprobe } = resolveBinaries({});
  const emulator = await startEmulator({ dataDir, port: 0, host: '127.0.0.1', now: opts.now, ffprobePath: ffprobe });
  return {
    ...emulator,
    dataDir,
    stop: async () => {
      await emulator.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Adapter options for `platform`'s sandbox app on this emulator (each Meta product has an id of its own), with a
 * silent log.
 */
export function sandboxAdapterOptions(
  emulator: { url: string; publicUrl: string },
  extra: Partial<AdapterOptions> = {},
  platform = '',
) {
  const options: AdapterOptions = {
    credentials: sandboxApp(platform),
    emulator: { apiUrl: emulator.url, browserUrl: emulator.publicUrl },
    log: { debug() {}, warn() {} },
    userAgent: 'web:fanout-tests:0.1.0 (by /u/fanout-tests)',
    timeoutMs: 10_000,
    ...extra,
  };
  return options;
}

/**
 * What a person does on a platform's authorize page: opens it, makes the `chosen` choices (the `account` to
 * continue as, where the page offers several), then clicks Approve or Deny. Returns where the platform sends the
 * browser back (the redirect URI with `code`/`state`, or `error`).
 */
export async function decideOnAuthorizePage(
  authorizeUrl: string,
  decision: 'approve' | 'deny',
  chosen: Record<string, string> = {},
): Promise<URL> {
  const page = await fetch(authorizeUrl, { redirect: 'manual' });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`authorize page answered ${page.status}: ${html.slice(0, 300)}`);
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error(`no form on the authorize page: ${html.slice(0, 300)}`);
  const fields = new URLSearchParams();
  for (const m of form[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields.set(unescape(m[1]!), unescape(m[2]!));
  fields.set('decision', decision);
  for (const [k, v] of Object.entries(chosen)) fields.set(k, v);
  const action = new URL(unescape(form[1]!), authorizeUrl);
  const answer = await fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
  });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location)
    throw new Error(`the decision answered ${answer.status}: ${await answer.text()}`);
  return new URL(location);
}

function unescape(s: string): string {
  return s.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
  );
}

/** The control API. */
export const control = {
  async published(emulator: { url: string }) {
    const res = await fetch(`${emulator.url}/_control/published`);
    return (await res.json()) as {
      items: {
        platform: string;
        id: string;
        url: string;
        accountId: string;
        title: string;
        caption: string;
        bytes: number;
        sha256: string;
        publishedAt: string;
        /** The cover the platform received (the emulator's `PublishedCover`). */
        cover?: { frameMs?: number; imageBytes?: number; imageSha256?: string; imageUrl?: string };
        /** The caption tracks the platform took (the emulator's `PublishedCaption`). */
        captions?: { language: string; name?: string; format: string; cueCount: number }[];
        /** What ffprobe read from the bytes the platform received (the emulator's `MediaFacts`). */
        media?: {
          container: string;
          videoCodec: string;
          audioCodec: string | null;
          width: number;
          height: number;
          fps: number;
          durationMs: number;
        };
      }[];
    };
  },
  /** The comments accounts posted under live posts, oldest first. */
  async comments(emulator: { url: string }) {
    const res = await fetch(`${emulator.url}/_control/comments`);
    return (await res.json()) as {
      items: { platform: string; id: string; postId: string; accountId: string; text: string; postedAt: string }[];
    };
  },
  async tokens(emulator: { url: string }) {
    const res = await fetch(`${emulator.url}/_control/tokens`);
    return (await res.json()) as {
      items: { platform: string; accessToken: string; refreshToken: string | null; expiresAt: string }[];
    };
  },
  async expireTokens(emulator: { url: string }, platform?: string) {
    await post(emulator, '/_control/expire-tokens', platform ? { platform } : {});
  },
  async fault(
    emulator: { url: string },
    fault: { platform: string; kind: string; times?: number; step?: string; message?: string; delayMs?: number },
  ) {
    await post(emulator, '/_control/faults', fault);
  },
  async clearFaults(emulator: { url: string }) {
    const res = await fetch(`${emulator.url}/_control/faults`, { method: 'DELETE' });
    if (!res.ok) throw new Error(`DELETE /_control/faults answered ${res.status}`);
  },
  async reset(emulator: { url: string }) {
    await post(emulator, '/_control/reset', {});
  },
  /** The sandbox app's review stage (TikTok's Direct Post audit, YouTube's API audit). */
  async appStage(emulator: { url: string }, stage: { platform: string; audited?: boolean; verified?: boolean }) {
    await post(emulator, '/_control/app-stage', stage);
  },
  /** Whether the platform's sandbox accounts are private (TikTok's unaudited apps post only from private ones). */
  async accountPrivacy(emulator: { url: string }, setting: { platform: string; private: boolean }) {
    await post(emulator, '/_control/account-privacy', setting);
  },
};

async function post(emulator: { url: string }, path: string, body: object) {
  const res = await fetch(`${emulator.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
}

/** A local file as the adapters read stored media: in ranges, streamed. */
export function fileSource(
  file: string,
  facts: { mimeType?: string; durationSeconds?: number | null; width?: number | null; height?: number | null } = {},
): VideoSource {
  const media: MediaSource = {
    sizeBytes: fs.statSync(file).size,
    mimeType: facts.mimeType ?? 'video/mp4',
    filename: file.split('/').pop()!,
    read: (range) => fs.createReadStream(file, range ? { start: range.start, end: range.end } : {}),
  };
  return {
    ...media,
    durationSeconds: facts.durationSeconds ?? null,
    width: facts.width ?? null,
    height: facts.height ?? null,
  };
}
