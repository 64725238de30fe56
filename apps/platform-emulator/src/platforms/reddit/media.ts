import { randomBytes } from 'node:crypto';
import type { EmulatorContext, RouteApi } from '../../core/context';
import { escapeHtml, fileResponse, json, type EmuResponse, type Multipart } from '../../core/http';
import { IMAGE_HOST, LIMITS, MIME_TYPES, VIDEO_HOST, WS_HOST } from './accounts';
import { apiRoute, type RateCounter } from './envelopes';

/** A media upload lease from asset.json, and the bytes once they came to the bucket. */
export interface Asset {
  assetId: string;
  accountId: string;
  filepath: string;
  mimetype: string;
  kind: 'video' | 'image';
  host: string;
  key: string;
  fields: { name: string; value: string }[];
  /** The `m` parameter of the asset's websocket address. */
  wsToken: string;
  uploaded: boolean;
  bytes: number;
  blobId: string;
  createdAt: number;
}

export const assets = (ctx: EmulatorContext) => ctx.store.collection<Asset>('reddit.assets');

const base36 = (n: number) => Array.from(randomBytes(n), (b) => (b % 36).toString(36)).join('');

export const websocketUrl = (ctx: EmulatorContext, a: Asset) =>
  ctx.apiUrl(WS_HOST, `/rte_images/${a.assetId}?m=${a.wsToken}`).replace(/^http/, 'ws');

/**
 * The uploaded asset a media URL names (`<action>/<key>`, the key possibly percent-encoded as in S3's
 * Location), whatever address the emulator had when it was handed out.
 */
export function assetForUrl(ctx: EmulatorContext, url: string, kind: Asset['kind']): Asset | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.startsWith('//') ? `https:${url}` : url);
  } catch {
    return undefined;
  }
  const host = kind === 'video' ? VIDEO_HOST : IMAGE_HOST;
  const segments = parsed.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (parsed.hostname !== host) {
    if (segments[0] !== host) return undefined;
    segments.shift();
  }
  const key = segments.join('/');
  return assets(ctx).find((a) => a.host === host && a.key === key && a.uploaded);
}

export function registerMedia(api: RouteApi, ctx: EmulatorContext, counter: RateCounter) {
  apiRoute(
    api,
    ctx,
    counter,
    { method: 'POST', path: '/api/media/asset.json', step: 'asset', scope: 'submit' },
    async (req, token) => {
      const form = await req.form();
      const filepath = form.get('filepath') ?? '';
      const mimetype = (form.get('mimetype') ?? '').toLowerCase();
      const type = MIME_TYPES[mimetype];
      if (!filepath) return badRequest('NO_TEXT', 'filepath is required.', 'filepath');
      if (!type)
        return badRequest('INVALID_MIMETYPE', `mimetype: one of ${Object.keys(MIME_TYPES).join(', ')}.`, 'mimetype');
      const assetId = base36(13);
      const host = type.kind === 'video' ? VIDEO_HOST : IMAGE_HOST;
      const date = new Date(ctx.now()).toISOString().replace(/[-:]|\.\d{3}/g, '');
      const fields = [
        { name: 'acl', value: 'public-read' },
        { name: 'key', value: assetId },
        { name: 'X-Amz-Credential', value: `ASIASANDBOX/${date.slice(0, 8)}/us-east-1/s3/aws4_request` },
        { name: 'X-Amz-Algorithm', value: 'AWS4-HMAC-SHA256' },
        { name: 'X-Amz-Date', value: date },
        { name: 'success_action_status', value: '201' },
        { name: 'content-type', value: mimetype },
        { name: 'x-amz-storage-class', value: 'STANDARD' },
        { name: 'x-amz-meta-ext', value: type.ext },
        {
          name: 'policy',
          value: Buffer.from(JSON.stringify({ key: assetId, 'content-type': mimetype })).toString('base64'),
        },
        { name: 'X-Amz-Signature', value: randomBytes(32).toString('hex') },
        { name: 'x-amz-security-token', value: randomBytes(24).toString('base64') },
      ];
      const asset: Asset = {
        assetId,
        accountId: token.accountId,
        filepath,
        mimetype,
        kind: type.kind,
        host,
        key: assetId,
        fields,
        wsToken: randomBytes(12).toString('base64url'),
        uploaded: false,
        bytes: 0,
        blobId: `reddit-${assetId}`,
        createdAt: ctx.now(),
      };
      assets(ctx).set(assetId, asset);
      return json(200, {
        args: { action: ctx.apiUrl(host, ''), fields },
        asset: {
          asset_id: assetId,
          processing_state: 'incomplete',
          payload: { filepath },
          websocket_url: websocketUrl(ctx, asset),
        },
      });
    },
  );

  for (const host of [VIDEO_HOST, IMAGE_HOST]) {
    api.route('POST', host, '/', 's3', async (req) => {
      if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data'))
        return s3Error(412, 'PreconditionFailed', 'Bucket POST must be of the enclosure-type multipart/form-data');
      // The file goes to a blob as it arrives, up to the bucket's limit (LIMITS; reference §6: a too large file is
      // refused with S3's XML, ProposedSize and MaxSizeAllowed). It is kept only once the policy's fields match.
      const max = host === VIDEO_HOST ? LIMITS.maxVideoBytes : LIMITS.maxImageBytes;
      let body: Multipart;
      try {
        body = await req.multipart({ toBlobs: ctx.store, maxFileBytes: max, md5: true });
      } catch {
        return s3Error(
          400,
          'MalformedPOSTRequest',
          'The body of your POST request is not well-formed multipart/form-data.',
        );
      }
      const asset = assets(ctx).find((a) => a.host === host && a.key === body.fields.key);
      if (!asset)
        return s3Error(
          403,
          'AccessDenied',
          'Invalid according to Policy: Policy Condition failed: ["eq", "$key", ...]',
        );
      const mismatch = asset.fields.find((f) => body.fields[f.name] !== f.value);
      if (mismatch)
        return s3Error(
          403,
          'AccessDenied',
          `Invalid according to Policy: Policy Condition failed: ["eq", "$${mismatch.name}", "${mismatch.value}"]`,
        );
      const files = body.files.filter((f) => f.field === 'file');
      if (files.length !== 1)
        return s3Error(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
      const file = files[0]!;
      if (file.tooLarge)
        return s3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', {
          ProposedSize: String(file.size),
          MaxSizeAllowed: String(max),
        });
      ctx.store.moveBlob(file.blobId!, asset.blobId);
      assets(ctx).update(asset.assetId, (a) => {
        a.uploaded = true;
        a.bytes = file.size;
      });
      const action = ctx.apiUrl(host, '');
      return {
        status: 201,
        headers: {
          'content-type': 'application/xml',
          etag: `"${file.md5}"`,
          location: `${action}/${encodeURIComponent(asset.key)}`,
        },
        body: `<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse><Location>${escapeHtml(`${action}/${encodeURIComponent(asset.key)}`)}</Location><Bucket>${host.split('.')[0]}</Bucket><Key>${escapeHtml(asset.key)}</Key><ETag>"${file.md5}"</ETag></PostResponse>`,
      };
    });

    api.route('GET', host, '/:key', 'media', (req) => {
      const asset = assets(ctx).find((a) => a.host === host && a.key === req.params.key && a.uploaded);
      if (!asset) return s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
      return fileResponse(ctx.store.blobPath(asset.blobId), asset.mimetype);
    });
  }
}

/** Reddit's newer refusals: `{message, error, reason, explanation, fields}`. */
function badRequest(reason: string, explanation: string, field: string): EmuResponse {
  return json(400, { message: 'Bad Request', error: 400, reason, explanation, fields: [field] });
}

/** Amazon S3's XML error, with extra elements such as ProposedSize and MaxSizeAllowed. */
function s3Error(status: number, code: string, message: string, extra: Record<string, string> = {}): EmuResponse {
  const more = Object.entries(extra)
    .map(([k, v]) => `<${k}>${escapeHtml(v)}</${k}>`)
    .join('');
  const id = randomBytes(8).toString('hex').toUpperCase();
  return {
    status,
    headers: { 'content-type': 'application/xml' },
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeHtml(message)}</Message>${more}<RequestId>${id}</RequestId><HostId>${randomBytes(24).toString('base64')}</HostId></Error>`,
  };
}
