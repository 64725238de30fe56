import type { EmulatorContext, RouteApi } from '../../core/context';
import { json, type EmuRequest, type EmuResponse } from '../../core/http';
import { authorizeCall } from './access';
import { googleError } from './envelopes';
import { boundaryOf, relatedMedia, type RelatedBody } from './multipart-related';
import { etag, videos } from './records';
import { API_HOSTS } from './upload';

/** captions.insert's media upload limit (discovery document: youtube.captions.insert mediaUpload.maxSize). */
const MAX_CAPTION_BYTES = 104_857_600;

/** What a caption file is, told from its text as YouTube's supported-formats page lists them (SubRip, WebVTT). */
function captionFacts(text: string): { format: 'srt' | 'vtt' | 'unknown'; cueCount: number } {
  const body = text.replace(/^\uFEFF/, '');
  const cueCount = body.split(/\r\n|\r|\n/).filter((l) => l.includes('-->')).length;
  if (body.startsWith('WEBVTT')) return { format: 'vtt', cueCount };
  if (/^\d+\r?\n\d+:\d{2}:\d{2},\d{3} --> /.test(body)) return { format: 'srt', cueCount };
  return { format: 'unknown', cueCount: 0 };
}

/**
 * captions.insert (POST /upload/youtube/v3/captions?part=snippet, a multipart upload: the Caption resource, then
 * the file; the discovery document's youtube.captions.insert, whose scopes are youtube.force-ssl and
 * youtubepartner only). `snippet.videoId`, `language` and `name` are required (CaptionSnippet annotations).
 * Errors as the reference lists them: 400 invalidMetadata, 400 contentRequired (an empty track), 403 forbidden
 * (no such scope: insufficientPermissions from the token check), 404 videoNotFound, 409 captionExists (a track with
 * that language and name). A file in no format YouTube reads is kept with status `failed`, failureReason
 * `unknownFormat`, as CaptionSnippet describes.
 */
export function registerCaptions(api: RouteApi, ctx: EmulatorContext) {
  for (const host of API_HOSTS)
    api.route('POST', host, '/upload/youtube/v3/captions', 'captions', (req) => insertCaption(ctx, req));
}

async function insertCaption(ctx: EmulatorContext, req: EmuRequest): Promise<EmuResponse> {
  const auth = authorizeCall(ctx, req, 'youtube.captions.insert');
  if (!auth.ok) return auth.response;
  const contentType = req.headers['content-type'] ?? '';
  const boundary = boundaryOf(contentType);
  if (req.query.get('uploadType') !== 'multipart' || !boundary || !contentType.startsWith('multipart/related'))
    return googleError(400, 'invalidMetadata', 'Send the caption resource and the track as a multipart upload.');
  const related: RelatedBody = { ok: false, parts: 0 };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of relatedMedia(req.body(), boundary, related)) {
    size += chunk.length;
    if (size <= MAX_CAPTION_BYTES) chunks.push(chunk);
  }
  if (!related.ok || related.parts !== 2) return googleError(400, 'parseError', 'Parse Error');
  if (size > MAX_CAPTION_BYTES) return googleError(413, 'uploadTooLarge', 'The caption track is too large.');
  let snippet: { videoId?: unknown; language?: unknown; name?: unknown } | undefined;
  try {
    snippet = (JSON.parse(related.first!.body.toString('utf8')) as { snippet?: typeof snippet }).snippet;
  } catch {
    return googleError(400, 'parseError', 'Parse Error');
  }
  const { videoId, language, name } = snippet ?? {};
  if (typeof videoId !== 'string' || typeof language !== 'string' || !language || typeof name !== 'string')
    return googleError(
      400,
      'invalidMetadata',
      'The request contains invalid metadata values, which prevent the track from being created. Confirm that the ' +
        'request specifies valid values for the snippet.language, snippet.name, and snippet.videoId properties.',
    );
  const video = videos(ctx).get(videoId);
  if (!video || video.accountId !== auth.token.accountId)
    return googleError(404, 'videoNotFound', 'The video identified by the videoId parameter could not be found.');
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '')
    return googleError(400, 'contentRequired', 'The uploaded caption track does not contain any data.');
  const tracks = ctx.store.collection<CaptionTrack>('youtube.captions');
  const taken = tracks.values().some((t) => t.videoId === videoId && t.language === language && t.name === name);
  if (taken)
    return googleError(
      409,
      'captionExists',
      'The specified video already has a caption track with the given snippet.language and snippet.name.',
    );
  const facts = captionFacts(text);
  const id = `cap-${tracks.values().length + 1}-${videoId}`;
  const track: CaptionTrack = { id, videoId, language, name, ...facts };
  tracks.set(id, track);
  ctx.published.addCaption('youtube', videoId, { language, name, format: facts.format, cueCount: facts.cueCount });
  return json(200, {
    kind: 'youtube#caption',
    etag: etag(text.length),
    id,
    snippet: {
      videoId,
      language,
      name,
      trackKind: 'standard',
      lastUpdated: new Date(ctx.now()).toISOString(),
      status: facts.format === 'unknown' ? 'failed' : 'serving',
      ...(facts.format === 'unknown' ? { failureReason: 'unknownFormat' } : {}),
    },
  });
}

interface CaptionTrack {
  id: string;
  videoId: string;
  language: string;
  name: string;
  format: string;
  cueCount: number;
}
