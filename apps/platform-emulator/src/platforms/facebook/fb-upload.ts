import { randomBytes } from 'node:crypto';
import type { EmulatorContext, RouteApi } from '../../core/context';
import { json, type EmuRequest } from '../../core/http';
import { graphError, invalidParam, missingParam, unsupportedRequest } from '../meta/graph-errors';
import { accessToken, checkParams, readParams } from '../meta/graph-params';
import { graphRoute } from '../meta/graph-routes';
import { checkCall, FB_CALLS } from './fb-calls';
import { APP_UPLOADS_PARAMS } from './fb-params';
import { handles, uploads, type UploadSession } from './fb-store';

/**
 * The Resumable Upload API: `POST /<app-id>/uploads` opens a session `upload:<SID>`; `POST /upload:<SID>` with
 * `Authorization: OAuth <token>` and `file_offset` sends bytes from that offset (which must be the bytes held);
 * the answer is `{file_offset}` until the last byte, then `{h}`, the handle `/videos` takes.
 * `GET /upload:<SID>` tells where it stands. Every step takes the person's user token, never a Page's
 * (FB_CALLS.upload), of the app the path names.
 */
export function registerUploads(api: RouteApi, ctx: EmulatorContext) {
  graphRoute(api, 'POST', 'graph.facebook.com', '/:app/uploads', 'upload_start', async (req) => {
    const p = await readParams(req);
    const auth = checkCall(ctx, accessToken(req, p), FB_CALLS.upload);
    if (!auth.ok) return auth.response;
    if (req.params.app !== auth.token.clientId) return unsupportedRequest('POST', req.params.app!);
    const bad = checkParams(p, APP_UPLOADS_PARAMS);
    if (bad) return bad;
    const length = p.get('file_length');
    if (!length) return missingParam('file_length');
    if (Number(length) === 0) return invalidParam('Param file_length must be greater than 0');
    if (!p.get('file_type')) return missingParam('file_type');
    const session: UploadSession = {
      id: randomBytes(24).toString('base64url'),
      appId: req.params.app!,
      accountId: auth.token.accountId,
      fileName: p.get('file_name') ?? 'upload',
      fileLength: Number(length),
      fileType: p.get('file_type')!,
      createdAt: ctx.now(),
    };
    uploads(ctx).set(session.id, session);
    return json(200, { id: `upload:${session.id}` });
  });

  graphRoute(api, 'POST', 'graph.facebook.com', '/upload::sid', 'upload', async (req) => {
    const found = session(ctx, req);
    if (!found.ok) return found.response;
    const s = found.session;
    const offsetHeader = req.headers.file_offset;
    if (offsetHeader === undefined || !/^\d+$/.test(offsetHeader))
      return invalidParam('The header file_offset is required: the byte offset this chunk starts at');
    const held = ctx.store.blobSize(blobOf(s));
    const offset = Number(offsetHeader);
    if (offset !== held)
      return graphError({
        message: `The start offset of the uploaded file chunk (${offset}) is not consistent with the file offset recorded on the server (${held}).`,
        code: 6001,
        subcode: 1363037,
        userTitle: 'Upload offset mismatch',
        userMsg: `Resume the upload from byte ${held}.`,
        data: { start_offset: held, end_offset: s.fileLength },
      });
    // The bytes go to the file as they arrive, up to file_length (reference §3: a Page video is up to 2 GB).
    const got = await ctx.store.receiveBlob(blobOf(s), offset, req.body(), { maxBytes: s.fileLength - offset });
    if (!got.ok && got.reason === 'too_large')
      return invalidParam(`The chunk (${got.bytes} bytes from ${offset}) goes past file_length ${s.fileLength}`);
    if (!got.ok) return invalidParam('The chunk did not arrive whole: resume from the file offset held');
    const now = got.size;
    if (now < s.fileLength) return json(200, { file_offset: now });
    return json(200, { h: handleOf(ctx, s) });
  });

  graphRoute(api, 'GET', 'graph.facebook.com', '/upload::sid', 'upload_status', (req) => {
    const found = session(ctx, req);
    if (!found.ok) return found.response;
    return json(200, { id: `upload:${found.session.id}`, file_offset: ctx.store.blobSize(blobOf(found.session)) });
  });
}

export const blobOf = (s: UploadSession) => `fb-upload-${s.id}`;

/**
 * The SID of `upload:<SID>`. The core router reads the pattern `upload::sid` as the prefix `upload` and a
 * parameter named `:sid` whose value keeps the colon; both readings are accepted here.
 */
const sidOf = (req: EmuRequest) => req.params.sid ?? '';

function handleOf(ctx: EmulatorContext, s: UploadSession): string {
  if (s.handle) return s.handle;
  const handle = `2:${Buffer.from(`${s.id}:${randomBytes(6).toString('hex')}`).toString('base64url')}`;
  uploads(ctx).update(s.id, (x) => (x.handle = handle));
  handles(ctx).set(handle, { handle, sid: s.id });
  return handle;
}

/** The session of `upload:<SID>`, for the user whose token (`Authorization: OAuth <token>`) is presented. */
function session(ctx: EmulatorContext, req: EmuRequest) {
  const auth = /^OAuth\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (!auth)
    return {
      ok: false as const,
      response: graphError({
        message: 'An access token is required: send the header "Authorization: OAuth <access token>".',
        code: 104,
      }),
    };
  const checked = checkCall(ctx, auth[1], FB_CALLS.upload);
  if (!checked.ok) return checked;
  const sid = sidOf(req);
  const s = uploads(ctx).get(sid);
  if (!s || s.accountId !== checked.token.accountId)
    return { ok: false as const, response: unsupportedRequest(req.method, `upload:${sid}`) };
  return { ok: true as const, session: s };
}
