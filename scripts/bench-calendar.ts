/**
 * The Schedule screen at scale: the built server (dist) on a fresh DATA_DIR with its embedded database, one
 * user in Europe/Berlin with 2,000 posts in the current month (rows seeded while the server is stopped), and
 * chromium. Prints the time from navigation to the month's posts shown (median of a few runs after a warm-up)
 * and the page's DOM size with them shown. BENCH_CALENDAR=0 skips it.
 * Run alone: `node --import tsx scripts/bench-calendar.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { zonedToUtc, type Project } from '@fanout/contracts';
import type { Page } from 'playwright-core';
import { openDatabase } from '../apps/server/src/db/database';
import { seedPosts } from '../apps/server/test/seed-posts';
import { seedVideos } from '../apps/server/test/seed-videos';
import { launchBrowser } from '../e2e/support/browser';
import { freePort } from '../test-support/postgres-cluster';
import { startBuiltServer, stopChild } from './built-server';
import { json, registerBenchUser } from './bench-support';

export interface CalendarFigures {
  posts: number;
  /** Navigation start → the month grid drawn with its posts (and its "+N more" links), ms (median). */
  shownMs: number;
  shownRunsMs: number[];
  elements: number;
  /** Posts drawn as elements in the grid (the rest behind "+N more"). */
  eventsDrawn: number;
  /** Of the time shown: the GET /api/posts pages (1,000 posts each), from the first request to the last answer, ms (median). */
  fetchMs: number;
}

const POSTS = 2_000;
const RUNS = 5;
const ZONE = 'Europe/Berlin';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The i-th post of the month: every day of it, between 06:00 and 21:59 on Berlin clocks. */
function postTime(year: number, month: number, days: number, i: number): Date {
  const day = String((i % days) + 1).padStart(2, '0');
  const hour = String(6 + ((i * 7) % 16)).padStart(2, '0');
  const minute = String((i * 13) % 60).padStart(2, '0');
  const result = zonedToUtc(`${year}-${String(month).padStart(2, '0')}-${day}T${hour}:${minute}`, ZONE, 'earlier');
  if (!result.ok) throw new Error('a seeded time the clocks skip');
  return new Date(result.instant);
}

/** Resolves `window.calendarShown` at the first frame with posts in the month grid and a "+N more" link. */
const watchCalendar = `
  window.calendarShown = new Promise((resolve) => {
    function check() {
      if (document.querySelector('.fc-daygrid-event') && document.querySelector('[data-more]'))
        return resolve(performance.now());
      requestAnimationFrame(check);
    }
    requestAnimationFrame(check);
  });
`;

async function openCalendar(page: Page, origin: string): Promise<number> {
  await page.goto(`${origin}/schedule`, { waitUntil: 'commit' });
  return page.evaluate(() => (window as unknown as { calendarShown: Promise<number> }).calendarShown);
}

export async function benchCalendar(): Promise<CalendarFigures | undefined> {
  if (process.env.BENCH_CALENDAR === '0') return undefined;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-bench-calendar-'));
  const dataDir = path.join(work, 'data');
  const browser = await launchBrowser();
  let server: Awaited<ReturnType<typeof startBuiltServer>> | undefined;
  try {
    const env = { EMULATOR_PORT: String(await freePort()) };
    server = await startBuiltServer(dataDir, env);
    const auth = await registerBenchUser(server.url, 'calendar', 'Calendar Bench');
    await json(`${server.url}/api/auth/me`, 'PATCH', { timeZone: ZONE }, auth.token);
    const project = await json<Project>(
      `${server.url}/api/projects`,
      'POST',
      { name: 'Calendar', initials: 'CA', color1: '#3b82f6', color2: '#9333ea' },
      auth.token,
    );
    await stopChild(server.child);
    server = undefined;

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date()).split('-').map(Number);
    const [year, month] = [today[0]!, today[1]!];
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const { db } = await openDatabase({ dir: path.join(dataDir, 'db') });
    try {
      const videoIds = await seedVideos(db, { userId: auth.user.id, projectId: project.id, count: 50 });
      await seedPosts(db, {
        userId: auth.user.id,
        projectId: project.id,
        videoIds,
        count: POSTS,
        scheduledAt: (i) => postTime(year, month, days, i),
      });
    } finally {
      await db.destroy();
    }
    server = await startBuiltServer(dataDir, env);
    const origin = server.url;

    const open = async () => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: ZONE });
      await context.addInitScript({ content: watchCalendar });
      await context.addInitScript(
        ({ token, user, projectId }) => {
          localStorage.setItem('auth_token', token);
          localStorage.setItem('user', JSON.stringify(user));
          localStorage.setItem('currentProjectId', String(projectId));
        },
        { token: auth.token, user: { ...auth.user, timeZone: ZONE }, projectId: project.id },
      );
      return { context, page: await context.newPage() };
    };

    const shownRunsMs: number[] = [];
    const fetchRunsMs: number[] = [];
    let elements = 0;
    let eventsDrawn = 0;
    // One warm-up (the server's first queries, the browser's cache of the app's files), then the runs.
    for (let run = 0; run <= RUNS; run++) {
      const { context, page } = await open();
      const ms = await openCalendar(page, origin);
      if (run > 0) {
        shownRunsMs.push(ms);
        fetchRunsMs.push(
          await page.evaluate(() => {
            const pages = performance
              .getEntriesByType('resource')
              .filter((e) => e.name.includes('/api/posts?')) as PerformanceResourceTiming[];
            return Math.max(...pages.map((e) => e.responseEnd)) - Math.min(...pages.map((e) => e.startTime));
          }),
        );
      }
      if (run === RUNS) {
        await page.waitForTimeout(1000);
        ({ elements, eventsDrawn } = await page.evaluate(() => ({
          elements: document.getElementsByTagName('*').length,
          eventsDrawn: document.querySelectorAll('.fc-daygrid-event').length,
        })));
      }
      await context.close();
    }

    const figures: CalendarFigures = {
      posts: POSTS,
      shownMs: median(shownRunsMs),
      shownRunsMs,
      elements,
      eventsDrawn,
      fetchMs: median(fetchRunsMs),
    };
    const runs = shownRunsMs.map((v) => v.toFixed(0)).join(', ');
    console.log(`\nSchedule at scale (built server, embedded database, chromium 1440×900, ${os.cpus().length} cores)`);
    console.log(
      `  ${POSTS.toLocaleString('en-US')} posts in one month: navigation → month view with its posts shown   median ${figures.shownMs.toFixed(0)} ms (runs: ${runs})`,
    );
    console.log(
      `  of which the two GET /api/posts pages of 1,000 posts                     median ${figures.fetchMs.toFixed(0)} ms`,
    );
    console.log(
      `  DOM with the month shown: ${elements} elements, ${eventsDrawn} posts drawn (up to 3 a day; a fuller day shows 2 and "+N more", which opens it)`,
    );
    return figures;
  } finally {
    await browser.close();
    if (server) await stopChild(server.child);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchCalendar();
