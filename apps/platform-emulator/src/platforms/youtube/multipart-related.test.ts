import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { relatedMedia, type RelatedBody } from './multipart-related';

/** The body in pieces of `piece` bytes, as a network delivers it. */
async function* pieces(body: Buffer, piece: number) {
  for (let at = 0; at < body.length; at += piece) yield body.subarray(at, at + piece);
}

async function read(body: Buffer, piece: number, boundary = 'xyz') {
  const out: RelatedBody = { ok: false, parts: 0 };
  const media: Buffer[] = [];
  for await (const chunk of relatedMedia(pieces(body, piece), boundary, out)) media.push(Buffer.from(chunk));
  return { out, media: Buffer.concat(media) };
}

const related = (meta: string, media: Buffer, boundary = 'xyz') =>
  Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${meta}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Type: video/mp4\r\n\r\n`),
    media,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

describe('a multipart/related body read as it arrives', () => {
  it('yields the media part’s bytes and keeps the metadata part, however the body is cut into pieces', async () => {
    // Bytes that look like a delimiter but are not one (no CRLF before, or another boundary) stay media.
    const media = Buffer.concat([randomBytes(5000), Buffer.from('--xyz\r\n\r\n--xy'), randomBytes(3000)]);
    const body = related('{"snippet":{"title":"Harbour"}}', media);
    for (const piece of [1, 7, 64, 4096, body.length]) {
      const { out, media: got } = await read(body, piece);
      expect(out).toMatchObject({
        ok: true,
        parts: 2,
        first: { headers: { 'content-type': 'application/json; charset=UTF-8' } },
        second: { headers: { 'content-type': 'video/mp4' }, bytes: media.length },
      });
      expect(out.first!.body.toString()).toBe('{"snippet":{"title":"Harbour"}}');
      expect(got.equals(media)).toBe(true);
    }
  });

  it('counts the parts of a body that has one or three, and says a body without its end is not well formed', async () => {
    const one = await read(Buffer.from('--xyz\r\nContent-Type: application/json\r\n\r\n{}\r\n--xyz--\r\n'), 5);
    expect(one.out).toMatchObject({ ok: true, parts: 1 });
    const three = Buffer.from('--xyz\r\n\r\n{}\r\n--xyz\r\n\r\nabc\r\n--xyz\r\n\r\nx\r\n--xyz--');
    expect((await read(three, 3)).out).toMatchObject({ ok: true, parts: 3 });
    const cut = related('{}', randomBytes(1000)).subarray(0, 900);
    expect((await read(cut, 100)).out.ok).toBe(false);
  });
});
