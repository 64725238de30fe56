import fs from 'node:fs';
import path from 'node:path';
import type { Project, Video } from '@fanout/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import * as api from './api';
import { launchBrowser, openGuardedPage, type GuardedPage, type OpenOptions } from './browser';
import { makeFixtures, type Fixtures } from './fixtures';
import { REPO_ROOT, startServer, type E2eServer, type ServerEnv } from './server';

/** A picture of every open page of a failed test, in test-results/e2e/ (not committed). */
async function keepFailureScreens(testName: string, pages: GuardedPage[]) {
  const dir = path.join(REPO_ROOT, 'test-results/e2e');
  fs.mkdirSync(dir, { recursive: true });
  const base = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  await Promise.all(
    pages.map((p, i) =>
      p.page.screenshot({ path: path.join(dir, `${base}-${i}.png`), fullPage: true }).catch(() => undefined),
    ),
  );
}

export interface Workspace extends api.SignedUpUser {
  project: Project;
  videos: Video[];
}

export interface E2eOptions {
  /** Extra server environment, e.g. an identity provider; as a function, it gets the server's origin first. */
  env?: ServerEnv;
}

/**
 * One real server and one browser for the test file; a new browser context for every page a test opens.
 * After each test: no request left loopback, the page threw nothing, the CSP blocked nothing, the server logged no error.
 */
export function useE2e({ env }: E2eOptions = {}) {
  let server: E2eServer | undefined;
  let browser: Browser | undefined;
  let fixtures: Fixtures | undefined;
  let opened: GuardedPage[] = [];
  let serverErrorsBefore = 0;

  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([startServer(env), launchBrowser()]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fixtures?.remove();
  });

  beforeEach(() => {
    serverErrorsBefore = server?.errorLogs().length ?? 0;
  });

  afterEach(async (context) => {
    const pages = opened;
    opened = [];
    if (context.task.result?.state === 'fail') await keepFailureScreens(context.task.name, pages);
    await Promise.all(pages.map((p) => p.context.close()));
    expect(
      pages.flatMap((p) => p.outsideRequests),
      'requests that left loopback',
    ).toEqual([]);
    expect(
      pages.flatMap((p) => p.pageErrors),
      'uncaught errors in the page',
    ).toEqual([]);
    expect(
      pages.flatMap((p) => p.cspViolations),
      'what the Content-Security-Policy blocked',
    ).toEqual([]);
    expect(server?.errorLogs().slice(serverErrorsBefore), 'errors logged by the server').toEqual([]);
  });

  const getFixtures = () => (fixtures ??= makeFixtures());

  const running = () => {
    if (!server || !browser) throw new Error('The e2e server and browser are not running (see beforeAll)');
    return { server, browser };
  };

  return {
    get origin() {
      return running().server.origin;
    },
    get apiBase() {
      return running().server.apiBase;
    },
    /** The platform emulator behind the sandbox accounts, for its control API. */
    get emulatorUrl() {
      return running().server.emulatorUrl;
    },
    /** ffmpeg-made media, created on first use. */
    get fixtures(): Fixtures {
      return getFixtures();
    },

    /** A page in a fresh browser context; with `session`, local storage holds that signed-in user. */
    async open(options?: OpenOptions): Promise<Page> {
      const { server: s, browser: b } = running();
      const guarded = await openGuardedPage(b, s.origin, options);
      opened.push(guarded);
      return guarded.page;
    },

    signUp: (prefix?: string) => api.signUp(running().server.apiBase, prefix),

    /** A signed-up user, their first project (made if sign-up made none) and one uploaded MP4 per title. */
    async workspace(options: { videos?: string[] } = {}): Promise<Workspace> {
      const base = running().server.apiBase;
      const user = await api.signUp(base);
      const [first] = await api.listProjects(base, user.token);
      const project = first ?? (await api.createProject(base, user.token, 'Main Channel', 'MC'));
      const videos: Video[] = [];
      for (const title of options.videos ?? []) {
        videos.push(await api.uploadVideo(base, user.token, project.id, getFixtures().mp4('clip'), title));
      }
      return { ...user, project, videos };
    },
  };
}

export type E2e = ReturnType<typeof useE2e>;
