import type { EmulatorContext, RouteApi } from '../../core/context';
import { LIMITS, VIDEO_TYPES } from './accounts';
import { apiError } from './envelopes';
import { chunkLength, publishes, uploadedBytes } from './publishes';

const refuse = (status: number, message: string) => apiError(status, 'invalid_file_upload', message);

/**
 * `PUT upload_url`: one chunk per request, in order, with `Content-Range: bytes first-last/total` and a body
 * of exactly that chunk's size; 206 until the last chunk, then 201. A chunk already received may be sent
 * again (a client that lost the answer): its bytes replace the same range.
 */
export function registerUpload(api: RouteApi, ctx: EmulatorContext) {
  api.route('PUT', 'open-upload.tiktokapis.com', '/video/', 'upload', async (req) => {
    const uploadId = req.query.get('upload_id') ?? '';
    const p = publishes(ctx).find((x) => x.uploadId === uploadId);
    if (!p || p.uploadToken !== req.query.get('upload_token'))
      return refuse(404, 'No upload session for this upload_url.');
    if (p.state === 'failed') return refuse(400, 'This upload has failed; start a new one with video/init.');

    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!VIDEO_TYPES.includes(type)) return refuse(400, `Content-Type: one of ${VIDEO_TYPES.join(', ')}.`);
    const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(req.headers['content-range'] ?? '');
    if (!range) return refuse(400, 'Content-Range: expected "bytes <first>-<last>/<total>".');
    const [first, last, total] = range.slice(1).map(Number) as [number, number, number];
    if (total !== p.videoSize) return refuse(400, `Content-Range: the total must be video_size (${p.videoSize}).`);
    if (first % p.chunkSize !== 0 || first / p.chunkSize >= p.totalChunks)
      return refuse(400, `Content-Range: a chunk starts at a multiple of chunk_size (${p.chunkSize}) within the file.`);
    const index = first / p.chunkSize;
    if (index > p.chunksReceived) {
      const expectedFirst = p.chunksReceived * p.chunkSize;
      return refuse(400, `Chunks are uploaded in order: the next one starts at byte ${expectedFirst}, not ${first}.`);
    }
    const size = chunkLength(p, index);
    if (last - first + 1 !== size)
      return refuse(
        400,
        `Content-Range: chunk ${index + 1} of ${p.totalChunks} is ${size} bytes (bytes ${first}-${first + size - 1}).`,
      );
    const declared = req.headers['content-length'];
    if (declared === undefined) return refuse(411, 'Content-Length is required.');
    if (size > LIMITS.maxLastChunk) return refuse(413, `A chunk is at most ${LIMITS.maxLastChunk} bytes.`);
    const wrongLength = (got: number) =>
      refuse(400, `Content-Length: the body must be the ${size} bytes of the range (got ${got}).`);
    if (Number(declared) !== size) return wrongLength(Number(declared));

    // The chunk goes to the file as it arrives (up to 128 MB for the last one, reference §1): a chunk already
    // received and sent again replaces its range only once it is whole. (Node ends a body at its Content-Length:
    // a shorter one is a client gone, and is not written.)
    if (p.state === 'uploading') {
      const got = await ctx.store.receiveBlob(p.blobId, first, req.body(), { maxBytes: size });
      if (!got.ok || got.bytes !== size) return wrongLength(got.bytes);
      publishes(ctx).update(p.publishId, (x) => {
        x.chunksReceived = Math.max(x.chunksReceived, index + 1);
        if (x.chunksReceived >= x.totalChunks) {
          x.state = 'processing';
          x.processingEndsAt = ctx.now() + LIMITS.processingMs;
        }
      });
    }
    const done = uploadedBytes(p) >= p.videoSize;
    return {
      status: done ? 201 : 206,
      headers: done ? {} : { range: `bytes=0-${uploadedBytes(p) - 1}` },
    };
  });
}
