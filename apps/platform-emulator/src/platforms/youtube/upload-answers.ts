import { UPLOAD } from './limits';
import { googleError, videoError } from './envelopes';

/** What videos.insert answers in every form (simple, multipart, resumable), from the discovery document. */

export const mimeOf = (header: string | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase();

/** `mediaUpload.accept`: video/* or application/octet-stream. */
export const acceptsMedia = (type: string) =>
  UPLOAD.accept.some((a) =>
    a.endsWith('/*') ? type.startsWith(a.slice(0, -1)) && type.length > a.length - 1 : type === a,
  );

export const unsupportedMedia = (type: string) =>
  googleError(
    400,
    'badContent',
    `Media type '${type}' is not supported. Valid media types: [${UPLOAD.accept.join(', ')}]`,
  );
export const tooLarge = () =>
  googleError(413, 'uploadTooLarge', `Media larger than the maximum of ${UPLOAD.maxSize} bytes.`);
export const noMedia = () => videoError('mediaBodyRequired', 'The request does not include the video content.');
export const badRequest = (message: string, headers?: Record<string, string>) =>
  googleError(400, 'badRequest', message, { headers });
export const cutShort = () => badRequest('The request body did not arrive whole.');

/** The metadata of a request: JSON, or none at all when the body is empty. */
export function readMetadata(body: Buffer, contentType: string): { ok: true; value: unknown } | { ok: false } {
  if (!body.length) return { ok: true, value: undefined };
  if (!contentType.includes('json')) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(body.toString('utf8')) };
  } catch {
    return { ok: false };
  }
}
