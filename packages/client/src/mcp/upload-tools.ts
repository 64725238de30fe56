import fs from 'node:fs';
import { Id, VideoImportRequest } from '@fanout/contracts';
import { z } from 'zod';
import { ApiError } from '../api/api-error';
import type { Schemas } from '../api/client';
import { uploadVideo } from '../upload/tus-upload';
import { call, defineTool } from './tool-kit';

type Video = Schemas['Video'];
const Title = z.string().trim().min(1).max(200).optional().describe('Default: from the file name.');
const madeText = (video: Video) =>
  `Uploaded video ${video.id} "${video.title}" (${video.duration}, ${video.width ?? '?'}x${video.height ?? '?'}, ${video.size})` +
  (video.duplicateOf ? `; the project already had this file as video ${video.duplicateOf}` : '');

/** Getting a video into a project: from a file on this machine (local only) or from an address the server fetches. */
export const uploadTools = [
  defineTool({
    name: 'upload_video_file',
    title: 'Upload a video file',
    description:
      'Uploads a video file from this computer (an absolute path) into a project, resumably: called again for ' +
      'the same file after an interruption it sends only what the server does not have. Answers the new video.',
    readOnly: false,
    only: 'local',
    input: {
      projectId: Id.describe('The project (list_projects).'),
      path: z.string().min(1).describe('The file’s path on this computer.'),
      title: Title,
    },
    async run({ local }, { projectId, path, title }) {
      if (!local) throw new ApiError(400, { error: 'Local files can only be uploaded over stdio', code: 'local_only' });
      if (!fs.statSync(path, { throwIfNoEntry: false })?.isFile())
        throw new ApiError(400, { error: `No such file: ${path}`, code: 'no_such_file' });
      const { video, resumedFrom } = await uploadVideo({
        connection: local.connection,
        store: local.store,
        file: path,
        projectId,
        title,
      });
      return {
        data: { video, resumedFrom },
        text: madeText(video) + (resumedFrom ? ` (resumed at byte ${resumedFrom})` : ''),
      };
    },
  }),
  defineTool({
    name: 'import_video_from_url',
    title: 'Import a video from a web address',
    description:
      'Has the server fetch a video from an http(s) address (a public one; size-capped like any upload) into a ' +
      'project. Answers the new video, as an upload does.',
    readOnly: false,
    input: {
      projectId: Id.describe('The project (list_projects).'),
      url: VideoImportRequest.shape.url.describe('An http or https address of the video file.'),
      title: Title,
    },
    async run({ api }, { projectId, url, title }) {
      const { video } = await call(
        api.POST('/api/videos/import', { body: { projectId, url, ...(title ? { title } : {}) } }),
      );
      return { data: { video }, text: madeText(video) };
    },
  }),
];
