/** A multipart upload streamed from disk, as a browser sends one, for the benchmarks. */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/** Streams a multipart upload from disk (never buffered); resolves with the status and the time taken. */
export function streamUpload(
  url: string,
  token: string,
  projectId: number,
  file: string,
): Promise<{ status: number; ms: number; body: string }> {
  const boundary = `----fanout${Date.now()}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="project_id"\r\n\r\n${projectId}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nbench\r\n` +
    // The same file is sent again and again: each copy is kept.
    `--${boundary}\r\nContent-Disposition: form-data; name="allow_duplicate"\r\n\r\ntrue\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="${path.basename(file)}"\r\n` +
    `Content-Type: ${file.endsWith('.mkv') ? 'video/x-matroska' : 'video/mp4'}\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(head) + fs.statSync(file).size + Buffer.byteLength(tail);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': length,
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c.slice(0, 4096 - body.length)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body }));
    });
    req.on('error', reject);
    req.write(head);
    const stream = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
    stream.on('error', reject);
    stream.on('end', () => req.end(tail));
    stream.pipe(req, { end: false });
  });
}
