import type { AppContext } from '../../context';
import type { PublishCaption } from '../../platforms/platform-adapter';
import { listCaptionsOfVideo } from '../../repositories/video-captions.repository';

/** A stored caption file's text (at most CAPTION_MAX_BYTES). */
export async function readStoredText(ctx: AppContext, filename: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.storage.createReadStream(filename)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The video's caption tracks with their text, read from the storage when an adapter asks for them. */
export function publishCaptions(ctx: AppContext, videoId: number): () => Promise<PublishCaption[]> {
  return async () => {
    const rows = await listCaptionsOfVideo(ctx.db, videoId);
    const tracks: PublishCaption[] = [];
    for (const row of rows)
      tracks.push({
        language: row.language,
        label: row.label,
        format: row.format,
        text: await readStoredText(ctx, row.filename),
      });
    return tracks;
  };
}
