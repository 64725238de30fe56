import { describe, expect, it } from 'vitest';
import { boundaryOf, MultipartError, MultipartParser, type MultipartEvent } from './multipart';

const LIMITS = { fields: 10, fieldNameSize: 100, fieldSize: 4096, files: 1, parts: 12, headerPairs: 100 };
const B = 'fanout-boundary';

function body(file: Buffer) {
  return Buffer.concat([
    Buffer.from(`--${B}\r\ncontent-disposition: form-data; name="project_id"\r\n\r\n42\r\n`),
    Buffer.from(
      `--${B}\r\ncontent-disposition: form-data; name="video"; filename="clip one.mp4"\r\n` +
        'content-type: video/mp4\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${B}\r\ncontent-disposition: form-data; name="title"\r\n\r\nLaunch\r\n--${B}--\r\n`),
  ]);
}

/** Feeds `data` in pieces of `size` bytes and gathers the parts, the file's bytes joined. */
function parse(data: Buffer, size: number) {
  const parser = new MultipartParser(B, LIMITS);
  const events: MultipartEvent[] = [];
  for (let at = 0; at < data.length; at += size) events.push(...parser.push(data.subarray(at, at + size)));
  events.push(...parser.end());
  const file = Buffer.concat(events.flatMap((e) => (e.type === 'data' ? [e.chunk] : [])));
  return { file, parts: events.filter((e) => e.type !== 'data') };
}

describe('multipart parser', () => {
  // Bytes that look like the start of a boundary, so the search must hold back and let go correctly.
  const file = Buffer.concat([
    Buffer.from(`\r\n--${B.slice(0, 7)}\r\r\n-`),
    Buffer.alloc(3000, 7),
    Buffer.from('\r\n--'),
  ]);

  it('gives the same fields and file bytes however the body is cut into chunks', () => {
    const data = body(file);
    for (const size of [1, 2, 3, 7, 16, 17, 64, 1000, data.length]) {
      const { file: got, parts } = parse(data, size);
      expect(got.equals(file), `chunks of ${size}`).toBe(true);
      expect(parts).toEqual([
        { type: 'field', fieldname: 'project_id', value: '42', valueTruncated: false },
        { type: 'file', fieldname: 'video', filename: 'clip one.mp4' },
        { type: 'fileEnd' },
        { type: 'field', fieldname: 'title', value: 'Launch', valueTruncated: false },
      ]);
    }
  });

  it('reads UTF-8 and RFC 5987 file names, and marks a field over the size limit', () => {
    const data = Buffer.concat([
      Buffer.from(`--${B}\r\ncontent-disposition: form-data; name="title"\r\n\r\n${'x'.repeat(5000)}\r\n`),
      Buffer.from(`--${B}\r\ncontent-disposition: form-data; name="video"; filename*=utf-8''%C3%A9t%C3%A9.mp4\r\n\r\n`),
      Buffer.from(`abc\r\n--${B}--`),
    ]);
    const { parts } = parse(data, 100);
    expect(parts[0]).toMatchObject({ type: 'field', valueTruncated: true });
    expect(parts[1]).toEqual({ type: 'file', fieldname: 'video', filename: 'été.mp4' });
  });

  it('refuses a second file, and a body that ends before its last boundary', () => {
    const two = Buffer.from(
      `--${B}\r\ncontent-disposition: form-data; name="video"; filename="a.mp4"\r\n\r\na\r\n` +
        `--${B}\r\ncontent-disposition: form-data; name="video"; filename="b.mp4"\r\n\r\nb\r\n--${B}--`,
    );
    expect(() => parse(two, 10)).toThrow(expect.objectContaining({ code: 'FST_FILES_LIMIT' }));
    const cut = body(file).subarray(0, 500);
    expect(() => parse(cut, 64)).toThrow(MultipartError);
  });

  it('finds the boundary of a multipart Content-Type, quoted or not', () => {
    expect(boundaryOf(`multipart/form-data; boundary=${B}`)).toBe(B);
    expect(boundaryOf('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(boundaryOf('application/json')).toBeNull();
    expect(boundaryOf('multipart/form-data')).toBeNull();
  });
});
