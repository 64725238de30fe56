import type { EmulatorContext, FaultEnvelopes } from '../../core/context';
import { json, type EmuRequest, type EmuResponse } from '../../core/http';
import type { AccessToken } from '../../core/oauth';
import { FETCH_REFUSED, ownBlob } from './graph-ids';

/**
 * rupload.facebook.com, Meta's resumable upload host (Instagram `ig-api-upload`, Facebook Reels `video-upload`).
 * It does not speak Graph's envelope: its errors are `{debug_info: {retriable, type, message}}`.
 */
export function ruploadError(
  status: number,
  type: string,
  message: string,
  o: { retriable?: boolean; extra?: object; headers?: Record<string, string> } = {},
): EmuResponse {
  return json(status, { debug_info: { retriable: o.retriable ?? false, type, message }, ...o.extra }, o.headers);
}

export const ruploadFaultEnvelopes: FaultEnvelopes = {
  rateLimit: (resetAt, now) =>
    ruploadError(429, 'RateLimitError', 'Too many requests. Please retry later.', {
      retriable: true,
      headers: { 'retry-after': String(Math.max(1, Math.ceil((resetAt.getTime() - now) / 1000))) },
    }),
  serverError: () => ruploadError(500, 'ServerError', 'Request processing failed. Please retry.', { retriable: true }),
  tokenExpired: () => ruploadError(401, 'AuthenticationError', 'Error validating access token: Session has expired.'),
  reject: (message) => ruploadError(400, 'ProcessingFailedError', message),
};

export interface RuploadResult {
  /** The size the uploader announced (`file_size`), fixed by its first request. */
  fileSize: number;
  /** Bytes held after this request. */
  held: number;
  complete: boolean;
}

/**
 * One request to an upload address: `Authorization: OAuth <token>`, `offset` and `file_size` headers and the bytes
 * from `offset` (or a `file_url` header). Several requests may each send a part; an `offset` beyond the bytes held
 * is refused with the offset held; a request may also start again from an earlier offset.
 */
export async function receiveRupload(
  ctx: EmulatorContext,
  req: EmuRequest,
  o: {
    platform: string;
    blobId: string;
    /** The size fixed by an earlier request, if any. */
    fileSize?: number;
    maxBytes: number;
    /** Whether this token may upload to this address. */
    owns(token: AccessToken): boolean;
  },
): Promise<{ ok: true; result: RuploadResult } | { ok: false; response: EmuResponse }> {
  const fail = (response: EmuResponse) => ({ ok: false as const, response });
  const auth = /^OAuth\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (!auth)
    return fail(ruploadError(401, 'AuthenticationError', 'Expected the header "Authorization: OAuth <access token>".'));
  const check = ctx.oauth.check(o.platform, auth[1]);
  if (!check.ok)
    return fail(
      ruploadError(
        401,
        'AuthenticationError',
        check.reason === 'expired'
          ? 'Error validating access token: Session has expired.'
          : 'Invalid OAuth access token - Cannot parse access token',
      ),
    );
  if (!o.owns(check.token))
    return fail(ruploadError(403, 'PermissionError', 'This access token may not upload to this address.'));

  const fileUrl = req.headers.file_url;
  if (fileUrl !== undefined) {
    const blob = ownBlob(ctx, fileUrl);
    if (!blob) return fail(ruploadError(400, 'ProcessingFailedError', FETCH_REFUSED));
    const size = ctx.store.blobSize(blob);
    if (size > o.maxBytes) return fail(tooLarge(size, o.maxBytes));
    // Fetched from where it is stored: copied file to file, never read into memory.
    const held = ctx.store.copyBlob(blob, o.blobId);
    return { ok: true, result: { fileSize: held, held, complete: true } };
  }

  const offset = req.headers.offset;
  const size = req.headers.file_size;
  if (offset === undefined || !/^\d+$/.test(offset))
    return fail(ruploadError(400, 'BadRequestError', 'The header "offset" is required: a byte offset (0 to start).'));
  if (size === undefined || !/^\d+$/.test(size) || Number(size) === 0)
    return fail(
      ruploadError(400, 'BadRequestError', 'The header "file_size" is required: the whole file size in bytes.'),
    );
  const fileSize = Number(size);
  const start = Number(offset);
  if (fileSize > o.maxBytes) return fail(tooLarge(fileSize, o.maxBytes));
  if (o.fileSize !== undefined && o.fileSize !== fileSize)
    return fail(
      ruploadError(
        400,
        'BadRequestError',
        `file_size ${fileSize} differs from the ${o.fileSize} given for this upload before.`,
      ),
    );
  const held = ctx.store.blobSize(o.blobId);
  if (start > held)
    return fail(
      ruploadError(
        400,
        'OffsetInvalidError',
        `Offset ${start} is beyond the ${held} bytes received; resume from offset ${held}.`,
        {
          extra: { offset: held },
        },
      ),
    );
  // The bytes go to the file as they arrive, up to file_size: one request may carry the whole video (reference
  // §2, ≤ 300 MB on Instagram), and a part sent again from an earlier offset replaces its bytes once whole.
  const got = await ctx.store.receiveBlob(o.blobId, start, req.body(), { maxBytes: fileSize - start });
  if (!got.ok && got.reason === 'too_large')
    return fail(
      ruploadError(400, 'BadRequestError', `${got.bytes} bytes from offset ${start} go past file_size ${fileSize}.`),
    );
  if (!got.ok)
    return fail(ruploadError(400, 'BadRequestError', 'The bytes did not arrive whole.', { retriable: true }));
  const now = got.size;
  return { ok: true, result: { fileSize, held: now, complete: now >= fileSize } };
}

const tooLarge = (size: number, max: number) =>
  ruploadError(400, 'FileTooLargeError', `The file (${size} bytes) is larger than the ${max} bytes allowed.`);
