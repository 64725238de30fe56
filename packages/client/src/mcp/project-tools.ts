import { Id } from '@fanout/contracts';
import { call, defineTool, plural } from './tool-kit';

/** The person's projects and each project's connected accounts. */
export const projectTools = [
  defineTool({
    name: 'list_projects',
    title: 'List projects',
    description:
      'Lists the projects you can see (yours and those shared with you), with each one’s id, name, time zone, ' +
      'your role in it and its number of videos. Most other tools need a projectId from here.',
    readOnly: true,
    input: {},
    async run({ api }) {
      const projects = await call(api.GET('/api/projects'));
      return {
        data: { projects },
        text: projects.length
          ? projects.map((p) => `${p.id} ${p.name} (${p.timeZone}, ${plural(p.video_count, 'video')})`).join('\n')
          : 'No projects.',
      };
    },
  }),
  defineTool({
    name: 'list_accounts',
    title: 'List connected accounts',
    description:
      'Lists the platform accounts connected to a project and their health: `status` is connected, expiring, ' +
      'or needs a reconnect (then `statusReason` says why, and posts to it wait until the person reconnects it ' +
      'in the app). Use a connection’s `id` as `connectionId` when a project has several accounts of one platform.',
    readOnly: true,
    input: { projectId: Id.describe('The project (list_projects).') },
    async run({ api }, { projectId }) {
      const { connections } = await call(api.GET('/api/connections', { params: { query: { project_id: projectId } } }));
      return {
        data: { connections },
        text: connections.length
          ? connections
              .map(
                (c) =>
                  `${c.id} ${c.platform} ${c.accountName}: ${c.status}${c.statusReason ? ` (${c.statusReason})` : ''}`,
              )
              .join('\n')
          : 'No accounts connected to this project.',
      };
    },
  }),
];
