import { Id, PlatformKey, WEEKDAY_NAMES } from '@fanout/contracts';
import { z } from 'zod';
import { call, defineTool, plural } from './tool-kit';

const day = (weekday: number) => WEEKDAY_NAMES[weekday - 1] ?? String(weekday);
const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** When to post, and how what was posted did. */
export const insightTools = [
  defineTool({
    name: 'get_best_times',
    title: 'Best times to post',
    description:
      'For one platform of a project: the project’s weekly posting slots (where `queue: true` on create_posts ' +
      'puts a post) and the suggested hours of the week to post, best first, in the project’s time zone, from ' +
      'its own published posts when it has enough (`basis: own`) or from defaults (`basis: default`).',
    readOnly: true,
    input: { projectId: Id.describe('The project (list_projects).'), platform: PlatformKey },
    async run({ api }, { projectId, platform }) {
      const path = { id: projectId };
      const slots = await call(api.GET('/api/projects/{id}/slots', { params: { path } }));
      const best = await call(api.GET('/api/projects/{id}/best-times', { params: { path, query: { platform } } }));
      const own = slots.slots.filter((s) => s.platform === platform);
      return {
        data: { timezone: slots.timezone, slots: own, bestTimes: best },
        text: [
          `Times in ${slots.timezone}.`,
          own.length
            ? `Posting slots: ${own.map((s) => `${day(s.weekday)} ${s.time}`).join(', ')}`
            : `No posting slots for ${platform}.`,
          `Best hours (${best.basis === 'own' ? 'from this project’s posts' : 'defaults'}): ` +
            best.suggestions
              .slice(0, 5)
              .map((s) => `${day(s.weekday)} ${hh(s.hour)}`)
              .join(', '),
        ].join('\n'),
      };
    },
  }),
  defineTool({
    name: 'analytics_summary',
    title: 'Analytics summary',
    description:
      'What a project’s published posts gained between `from` (inclusive, default 30 days before `to`) and ' +
      '`to` (exclusive, default now): views, likes, comments and shares in total, per platform and per day, ' +
      'the top videos, and the posts whose figures could not be read. Figures are as of the last sync ' +
      '(`lastSyncedAt`); sync_analytics reads them again from the platforms.',
    readOnly: true,
    input: {
      projectId: Id.describe('The project (list_projects).'),
      from: z.iso.datetime({ offset: true }).optional(),
      to: z.iso.datetime({ offset: true }).optional(),
      platform: PlatformKey.optional(),
    },
    async run({ api }, { projectId, from, to, platform }) {
      const report = await call(
        api.GET('/api/analytics', { params: { query: { project_id: projectId, from, to, platform } } }),
      );
      const t = report.totals;
      return {
        data: report,
        text:
          `${report.from} to ${report.to}: ${t.views} views, ${t.likes} likes, ${t.comments} comments, ` +
          `${t.shares} shares from ${plural(report.measuredPosts, 'published post')}` +
          (report.byPlatform.length ? ` (${report.byPlatform.map((p) => `${p.platform} ${p.views}`).join(', ')})` : ''),
      };
    },
  }),
  defineTool({
    name: 'sync_analytics',
    title: 'Read the figures again',
    description:
      'Reads the views, likes, comments and shares of every published post of a project from the platforms ' +
      'now, then answers how many were read and how many failed. A few per project per minute.',
    readOnly: false,
    input: { projectId: Id.describe('The project (list_projects).') },
    async run({ api }, { projectId }) {
      const result = await call(api.POST('/api/analytics/sync', { body: { project_id: projectId } }));
      return {
        data: result,
        text: `Read ${plural(result.synced, 'post')}${result.failed ? `, ${result.failed} failed` : ''}.`,
      };
    },
  }),
];
