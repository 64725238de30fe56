import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MediaSource } from '../platform-adapter';

export interface MultipartBody {
  contentType: string;
  contentLength: number;
  body: Readable;
}

const quote = (s: string) => s.replace(/["\r\n]/g, (c) => encodeURIComponent(c));

/**
 * multipart/form-data of `fields` then the file part named `file` (S3 POST policy uploads want the file
 * last), streamed: preamble, the file's bytes as they are read, epilogue. The length is known up front, so
 * the upload goes with a Content-Length rather than chunked.
 */
export function multipartUpload(fields: { name: string; value: string }[], file: MediaSource): MultipartBody {
  const boundary = `----fanout${randomBytes(16).toString('hex')}`;
  const parts = fields.map(
    (f) => `--${boundary}\r\nContent-Disposition: form-data; name="${quote(f.name)}"\r\n\r\n${f.value}\r\n`,
  );
  const preamble = Buffer.from(
    parts.join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quote(file.filename)}"\r\n` +
      `Content-Type: ${file.mimeType}\r\n\r\n`,
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* stream() {
    yield preamble;
    for await (const chunk of file.read()) yield chunk as Buffer;
    yield epilogue;
  }
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    contentLength: preamble.length + file.sizeBytes + epilogue.length,
    body: Readable.from(stream(), { objectMode: false }),
  };
}
