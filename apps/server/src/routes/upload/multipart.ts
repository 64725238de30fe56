/**
 * A streaming multipart/form-data parser for the upload route. The file's bytes are handed on as
 * sub-arrays of the socket's own chunks (no copy, no extra stream between the socket and the file), and the
 * boundary is found with Buffer.indexOf (native search): the route moves bytes at the speed of a plain pipe.
 *
 * It is a push parser: `push(chunk)` returns what the chunk completed, in order (fields, a file's start,
 * its data, its end), and `end()` checks that the body ended where the form does.
 */

export interface MultipartLimits {
  /** Text fields. */
  fields: number;
  /** Longer field names are cut to this. */
  fieldNameSize: number;
  /** Longer values are cut to this and marked truncated. */
  fieldSize: number;
  files: number;
  parts: number;
  headerPairs: number;
}

/** In arrival order: a text field, a file's start, its bytes, its end. */
export type MultipartEvent =
  | { type: 'field'; fieldname: string; value: string; valueTruncated: boolean }
  | { type: 'file'; fieldname: string; filename: string }
  | { type: 'data'; chunk: Buffer }
  | { type: 'fileEnd' };

/** A malformed body or one over a limit; `code` is one of the codes the route turns into words. */
export class MultipartError extends Error {
  constructor(
    readonly code:
      | 'FST_FILES_LIMIT'
      | 'FST_FIELDS_LIMIT'
      | 'FST_PARTS_LIMIT'
      | 'FST_INVALID_MULTIPART_CONTENT_TYPE'
      | 'MALFORMED_MULTIPART'
      | 'UNEXPECTED_END',
    message: string,
  ) {
    super(message);
  }
}

const MAX_HEADER_BYTES = 16 * 1024;
const CRLF = Buffer.from('\r\n');
const CRLFCRLF = Buffer.from('\r\n\r\n');

/** The boundary of a multipart/form-data Content-Type, or null when it is not one. */
export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

interface ParamValue {
  value: string;
}

/** Parameters of a header value such as `form-data; name="x"; filename*=utf-8''a%20b.mp4`. */
function headerParams(value: string): Map<string, ParamValue> {
  const params = new Map<string, ParamValue>();
  const re = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (let m = re.exec(value); m; m = re.exec(value)) {
    const key = m[1]!.toLowerCase();
    const raw = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '').trim();
    params.set(key, { value: raw });
  }
  const extended = params.get('filename*');
  if (extended) {
    const ext = /^([^']*)'[^']*'(.*)$/.exec(extended.value);
    if (ext) {
      try {
        const bytes = Buffer.from(
          ext[2]!.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        );
        params.set('filename', { value: decode(bytes, ext[1] || 'utf-8') });
      } catch {
        // keep the plain filename
      }
    }
  }
  return params;
}

/** Node's own decoders where it has one: they keep what the bytes say (a lone UTF-16 surrogate stays one). */
const NODE_ENCODINGS: Record<string, BufferEncoding> = {
  'utf-8': 'utf8',
  utf8: 'utf8',
  'utf-16le': 'utf16le',
  utf16le: 'utf16le',
  'ucs-2': 'utf16le',
  ucs2: 'utf16le',
  latin1: 'latin1',
  'iso-8859-1': 'latin1',
  ascii: 'latin1',
  'us-ascii': 'latin1',
};

function decode(bytes: Buffer, charset: string): string {
  const name = charset.trim().toLowerCase();
  const own = NODE_ENCODINGS[name || 'utf-8'];
  if (own) return bytes.toString(own);
  try {
    return new TextDecoder(name).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

type State = 'preamble' | 'afterBoundary' | 'headers' | 'body' | 'done';

export class MultipartParser {
  private readonly delimiter: Buffer;
  private state: State = 'preamble';
  /** Bytes not decided yet (a possible boundary split across chunks, headers in the making). */
  private pending: Buffer = Buffer.alloc(0);
  private current: { file: boolean; name: string; charset: string; value: Buffer[]; size: number } | null = null;
  private counts = { fields: 0, files: 0, parts: 0 };

  constructor(
    boundary: string,
    private readonly limits: MultipartLimits,
  ) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
    // The first boundary may open the body without the CRLF before it: pretend one was there.
    this.pending = Buffer.from(CRLF);
  }

  push(chunk: Buffer): MultipartEvent[] {
    const events: MultipartEvent[] = [];
    let buf = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = Buffer.alloc(0);
    for (;;) {
      const rest = this.step(buf, events);
      if (rest === null) break;
      buf = rest;
    }
    return events;
  }

  end(): MultipartEvent[] {
    if (this.state !== 'done') throw new MultipartError('UNEXPECTED_END', 'the form ended before its last boundary');
    return [];
  }

  /** Consumes what it can of `buf`; returns the unconsumed rest to go on with, or null to wait for more. */
  private step(buf: Buffer, events: MultipartEvent[]): Buffer | null {
    switch (this.state) {
      case 'done':
        return null; // the epilogue is ignored
      case 'preamble': {
        const at = buf.indexOf(this.delimiter);
        if (at < 0) {
          this.keepTail(buf);
          return null;
        }
        this.state = 'afterBoundary';
        return buf.subarray(at + this.delimiter.length);
      }
      case 'afterBoundary': {
        if (buf.length < 2) return this.wait(buf);
        if (buf[0] === 0x2d && buf[1] === 0x2d) {
          this.state = 'done';
          return null;
        }
        // Transport padding (spaces, tabs) may come before the CRLF.
        const eol = buf.indexOf(CRLF);
        if (eol < 0) {
          if (buf.length > 256) throw new MultipartError('MALFORMED_MULTIPART', 'boundary line too long');
          return this.wait(buf);
        }
        if (/[^ \t]/.test(buf.toString('latin1', 0, eol))) {
          throw new MultipartError('MALFORMED_MULTIPART', 'junk after a boundary');
        }
        this.state = 'headers';
        return buf.subarray(eol + 2);
      }
      case 'headers': {
        const end = buf.indexOf(CRLFCRLF);
        if (end < 0) {
          if (buf.length > MAX_HEADER_BYTES) throw new MultipartError('MALFORMED_MULTIPART', 'part headers too long');
          return this.wait(buf);
        }
        this.startPart(buf.toString('latin1', 0, end), events);
        this.state = 'body';
        return buf.subarray(end + 4);
      }
      case 'body': {
        const at = buf.indexOf(this.delimiter);
        if (at >= 0) {
          this.data(buf.subarray(0, at), events);
          this.endPart(events);
          this.state = 'afterBoundary';
          return buf.subarray(at + this.delimiter.length);
        }
        // The end of this chunk may be the start of a boundary: hold back what could be.
        const keep = this.possibleDelimiterStart(buf);
        this.data(buf.subarray(0, buf.length - keep), events);
        if (keep > 0) this.pending = Buffer.from(buf.subarray(buf.length - keep));
        return null;
      }
    }
  }

  private wait(buf: Buffer): null {
    this.pending = Buffer.from(buf);
    return null;
  }

  private keepTail(buf: Buffer) {
    const keep = Math.min(buf.length, this.delimiter.length - 1);
    this.pending = Buffer.from(buf.subarray(buf.length - keep));
  }

  /** How many bytes at the end of `buf` are a prefix of the delimiter. */
  private possibleDelimiterStart(buf: Buffer): number {
    const d = this.delimiter;
    const from = Math.max(0, buf.length - d.length + 1);
    for (let i = buf.indexOf(0x0d, from); i >= 0; i = buf.indexOf(0x0d, i + 1)) {
      if (buf.subarray(i).equals(d.subarray(0, buf.length - i))) return buf.length - i;
    }
    return 0;
  }

  private startPart(headerText: string, events: MultipartEvent[]) {
    if (++this.counts.parts > this.limits.parts) throw new MultipartError('FST_PARTS_LIMIT', 'too many parts');
    const lines = headerText.split('\r\n').filter(Boolean);
    if (lines.length > this.limits.headerPairs) throw new MultipartError('MALFORMED_MULTIPART', 'too many headers');
    const headers = new Map<string, string>();
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new MultipartError('MALFORMED_MULTIPART', 'malformed part header');
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const disposition = headers.get('content-disposition') ?? '';
    if (!/^form-data\s*(;|$)/i.test(disposition)) {
      throw new MultipartError('MALFORMED_MULTIPART', 'a part without form-data disposition');
    }
    const params = headerParams(disposition);
    // Header bytes are read as latin1; names and file names are UTF-8 on the wire.
    const utf8 = (s: string) => Buffer.from(s, 'latin1').toString('utf8');
    const name = utf8(params.get('name')?.value ?? '').slice(0, this.limits.fieldNameSize);
    const filename = params.get('filename');
    const type = headers.get('content-type') ?? '';
    const charset = /;\s*charset="?([^\s;"]+)/i.exec(type)?.[1] ?? 'utf-8';
    if (filename !== undefined) {
      if (++this.counts.files > this.limits.files) throw new MultipartError('FST_FILES_LIMIT', 'too many files');
      const plain = params.get('filename*') ? filename.value : utf8(filename.value);
      this.current = { file: true, name, charset, value: [], size: 0 };
      events.push({ type: 'file', fieldname: name, filename: plain });
    } else {
      if (++this.counts.fields > this.limits.fields) throw new MultipartError('FST_FIELDS_LIMIT', 'too many fields');
      this.current = { file: false, name, charset, value: [], size: 0 };
    }
  }

  private data(chunk: Buffer, events: MultipartEvent[]) {
    const part = this.current;
    if (!part || chunk.length === 0) return;
    if (part.file) {
      events.push({ type: 'data', chunk });
      return;
    }
    // One byte past the limit is kept to tell "exactly the limit" from "more".
    const room = this.limits.fieldSize + 1 - part.size;
    if (room > 0) {
      const take = chunk.subarray(0, room);
      part.value.push(Buffer.from(take));
      part.size += take.length;
    }
  }

  private endPart(events: MultipartEvent[]) {
    const part = this.current;
    this.current = null;
    if (!part) return;
    if (part.file) {
      events.push({ type: 'fileEnd' });
      return;
    }
    const bytes = Buffer.concat(part.value);
    const truncated = bytes.length > this.limits.fieldSize;
    events.push({
      type: 'field',
      fieldname: part.name,
      value: decode(truncated ? bytes.subarray(0, this.limits.fieldSize) : bytes, part.charset),
      valueTruncated: truncated,
    });
  }
}
