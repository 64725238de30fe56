import fs from 'node:fs';
import path from 'node:path';
import { ApiError } from '../../api/api-error';
import { FileResumeStore } from '../../upload/resume-store';
import { uploadVideo } from '../../upload/tus-upload';
import { parseCommand, positiveInt } from '../args';
import { uploadsFile } from '../config';
import type { Ctx } from '../context';
import { CliError, EXIT, fromApiError, usageError } from '../exit-codes';
import { progressReporter } from '../progress';
import { resolveProject } from '../resolve-project';

export const UPLOAD_HELP =
  'fanout upload <file>... --project <id|name> [--title <text>] [--chunk-size <bytes>]   upload (resumes an interrupted run)';

export async function upload(ctx: Ctx, argv: string[]) {
  const { values, positionals } = parseCommand<{ project?: string; title?: string; 'chunk-size'?: string }>(argv, {
    project: { type: 'string' },
    title: { type: 'string' },
    'chunk-size': { type: 'string' },
  });
  if (!positionals.length) throw usageError('Name at least one file: fanout upload <file>... --project <id|name>');
  for (const file of positionals)
    if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) throw usageError(`No such file: ${file}`);
  const chunkBytes = values['chunk-size'] ? positiveInt(values['chunk-size'], '--chunk-size') : undefined;
  const projectId = await resolveProject(ctx, values.project);
  const store = new FileResumeStore(uploadsFile(ctx.env));
  const videos = [];
  for (const file of positionals) {
    const progress = progressReporter(ctx, path.basename(file));
    try {
      const { video, resumedFrom } = await uploadVideo({
        connection: ctx.login(),
        file,
        projectId,
        title: values.title,
        store,
        chunkBytes,
        signal: ctx.signal,
        onProgress: progress.update,
      });
      progress.end();
      videos.push({ file, video, resumedFrom });
      if (!ctx.json)
        ctx.print(null, `${file}: video ${video.id}${resumedFrom ? ` (resumed at byte ${resumedFrom})` : ''}`);
    } catch (err) {
      progress.end();
      if (ctx.signal.aborted)
        throw new CliError(
          `Upload of ${file} stopped; run the same command again to resume it.`,
          EXIT.interrupted,
          'interrupted',
        );
      throw err instanceof ApiError ? fromApiError(err) : err;
    }
  }
  if (ctx.json) ctx.print({ videos: videos.map(({ file, video, resumedFrom }) => ({ file, resumedFrom, video })) }, '');
}
