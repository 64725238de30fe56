/** One part of a `multipart/related` body (Google's metadata + media upload). */
export interface RelatedPart {
  /** Header names lower-case. */
  headers: Record<string, string>;
  body: Buffer;
}

/** Splits a `multipart/related; boundary=…` body into its parts; undefined when it is not well formed. */
export function parseMultipartRelated(body: Buffer, contentType: string): RelatedPart[] | undefined {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: RelatedPart[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) return undefined;
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString() === '--') return parts;
    if (body.subarray(at, at + 2).toString() === '\r\n') at += 2;
    else if (body[at] === 0x0a) at += 1;
    const next = body.indexOf(delimiter, at);
    if (next < 0) return undefined;
    // The CRLF before a delimiter belongs to the delimiter.
    let end = next;
    if (body[end - 1] === 0x0a) end -= body[end - 2] === 0x0d ? 2 : 1;
    const raw = body.subarray(at, end);
    const split = raw.indexOf('\r\n\r\n');
    const headerEnd = split >= 0 ? split : raw.indexOf('\n\n');
    if (headerEnd < 0) return undefined;
    const headers: Record<string, string> = {};
    for (const line of raw.subarray(0, headerEnd).toString('utf8').split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    parts.push({ headers, body: raw.subarray(headerEnd + (split >= 0 ? 4 : 2)) });
    at = next;
  }
}
