import { badRequest } from '../../http/errors';
import { boundaryOf, MultipartError, MultipartParser } from '../upload/multipart';

/** Room for a form's boundaries and part headers around the image. */
export const COVER_FORM_OVERHEAD_BYTES = 16 * 1024;

/** The types a cover image may be sent as: the image itself (any of these), or a form with it as its one file. */
export const COVER_BODY_TYPES = ['image/jpeg', 'image/png', 'application/octet-stream', 'multipart/form-data'];

const LIMITS = { fields: 10, fieldNameSize: 100, fieldSize: 1024, files: 1, parts: 11, headerPairs: 20 };

/** The image's bytes: the body itself, or the one file of a multipart form (any field name). */
export function coverImageBytes(contentType: string | undefined, body: Buffer): Buffer {
  const boundary = boundaryOf(contentType);
  if (boundary === null) return body;
  const parser = new MultipartParser(boundary, LIMITS);
  const chunks: Buffer[] = [];
  let files = 0;
  try {
    for (const event of [...parser.push(body), ...parser.end()]) {
      if (event.type === 'file') files += 1;
      if (event.type === 'data') chunks.push(event.chunk);
    }
  } catch (err) {
    if (err instanceof MultipartError) throw badRequest(`The form could not be read: ${err.message}`, 'bad_form');
    throw err;
  }
  if (files === 0) throw badRequest('Attach the cover image as a file of the form', 'missing_file');
  return Buffer.concat(chunks);
}
