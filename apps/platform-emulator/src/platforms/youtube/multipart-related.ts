/** One part of a `multipart/related` body (Google's metadata + media upload). */
export interface RelatedPart {
  /** Header names lower-case. */
  headers: Record<string, string>;
  body: Buffer;
}

/** What a multipart/related body held, once read: its first part whole, the second one's headers and size. */
export interface RelatedBody {
  /** False when it was not well formed (then nothing else counts). */
  ok: boolean;
  /** How many parts it had. */
  parts: number;
  first?: RelatedPart;
  second?: { headers: Record<string, string>; bytes: number };
}

/** The first part is metadata (a Video resource): more than this is not metadata. */
const MAX_FIRST_PART = 1024 * 1024;
const MAX_HEADERS = 16 * 1024;
const CRLF = Buffer.from('\r\n');

export const boundaryOf = (contentType: string) => {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m?.[1] ?? m?.[2];
};

/**
 * Reads a `multipart/related; boundary=…` body as it arrives (RFC 2046 §5.1: each delimiter a CRLF, `--` and the
 * boundary; the last one followed by `--`) and yields the bytes of its second part, the media, as they come, so
 * that a video of any size goes to its blob a piece at a time. The first part, the metadata, is kept in `out`.
 * Whatever the body holds, all of it is read, so that the client still gets an answer; `out.ok` says whether it
 * was well formed, and its parts are counted.
 */
export async function* relatedMedia(
  body: AsyncIterable<Buffer>,
  boundary: string,
  out: RelatedBody,
): AsyncGenerator<Buffer> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // A CRLF before the first delimiter, which may open the body.
  let pending: Buffer = CRLF;
  let state: 'preamble' | 'delimited' | 'headers' | 'body' | 'done' | 'bad' = 'preamble';
  let headers: Record<string, string> = {};
  const first: Buffer[] = [];
  let firstBytes = 0;
  for await (const chunk of body) {
    if (state === 'done' || state === 'bad') continue;
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (let more = true; more;) {
      more = false;
      if (state === 'preamble' || state === 'body') {
        const at = pending.indexOf(delimiter);
        // Up to a delimiter, or all but what could be the start of one.
        const upto = at >= 0 ? at : Math.max(0, pending.length - delimiter.length + 1);
        const bytes = pending.subarray(0, upto);
        if (state === 'body' && out.parts === 1) {
          firstBytes += bytes.length;
          if (firstBytes > MAX_FIRST_PART) state = 'bad';
          else first.push(bytes);
        } else if (state === 'body' && out.parts === 2 && bytes.length) {
          out.second!.bytes += bytes.length;
          yield bytes;
        }
        if ((state as string) === 'bad') break;
        pending = pending.subarray(upto);
        if (at < 0) break;
        if (out.parts === 1 && state === 'body') out.first = { headers, body: Buffer.concat(first) };
        pending = pending.subarray(delimiter.length);
        state = 'delimited';
        more = true;
      } else if (state === 'delimited') {
        // `--` closes the body; otherwise the line ends (after optional padding) and a part begins.
        if (pending.length < 2) break;
        if (pending[0] === 0x2d && pending[1] === 0x2d) {
          state = 'done';
          break;
        }
        const eol = pending.indexOf(CRLF);
        if (eol < 0 || eol > 64) {
          if (eol > 64 || pending.length > 64) state = 'bad';
          break;
        }
        pending = pending.subarray(eol + 2);
        out.parts += 1;
        state = 'headers';
        more = true;
      } else if (state === 'headers') {
        const end = pending.subarray(0, 2).equals(CRLF) ? 0 : pending.indexOf('\r\n\r\n');
        if (end < 0) {
          if (pending.length > MAX_HEADERS) state = 'bad';
          break;
        }
        headers = parseHeaders(pending.subarray(0, end).toString('utf8'));
        if (out.parts === 2) out.second = { headers, bytes: 0 };
        pending = pending.subarray(end === 0 ? 2 : end + 4);
        state = 'body';
        more = true;
      }
    }
  }
  out.ok = state === 'done';
}

function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}
