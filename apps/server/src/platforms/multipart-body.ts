import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

export interface MultipartFile {
  field: string;
  filename: string;
  contentType: string;
  length: number;
  stream: Readable;
}

/**
 * A multipart/form-data body streamed around one file part: the fields and part headers, the file's bytes
 * as they are read, the closing boundary. Its length is known in advance, so it goes with Content-Length.
 */
export function multipartBody(fields: Record<string, string>, file: MultipartFile) {
  const boundary = `----fanout${randomBytes(12).toString('hex')}`;
  const head =
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename.replace(/["\r\n]/g, '_')}"\r\n` +
    `Content-Type: ${file.contentType}\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  async function* parts() {
    yield Buffer.from(head);
    for await (const chunk of file.stream) yield chunk as Buffer;
    yield Buffer.from(tail);
  }
  return {
    body: Readable.from(parts(), { objectMode: false }),
    contentType: `multipart/form-data; boundary=${boundary}`,
    contentLength: Buffer.byteLength(head) + file.length + Buffer.byteLength(tail),
  };
}
