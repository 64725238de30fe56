import type { JsonValue, MediaSource } from '../platform-adapter';
import { answerOf, type RedditApi } from './reddit.api';
import { multipartUpload } from './reddit.multipart';
import { REDDIT_API } from './reddit.oauth';

/** An upload lease from /api/media/asset.json: where to POST the file and the policy fields to send with it. */
export interface Lease {
  [key: string]: JsonValue;
  action: string;
  fields: { name: string; value: string }[];
  assetId: string;
}

interface LeaseAnswer {
  args?: { action?: unknown; fields?: unknown };
  asset?: { asset_id?: unknown; websocket_url?: unknown };
}

export async function leaseUpload(api: RedditApi, step: string, token: string, media: MediaSource): Promise<Lease> {
  const data = await api.call<LeaseAnswer>(step, `${REDDIT_API}/api/media/asset.json`, token, {
    form: { filepath: media.filename, mimetype: media.mimeType },
  });
  const action = data.args?.action;
  const fields = data.args?.fields;
  if (typeof action !== 'string' || !Array.isArray(fields))
    throw api.unrecognized(step, answerOf(data), 'a lease without args');
  return {
    // A lease from reddit.com is protocol-relative (`//bucket.s3…`).
    action: action.startsWith('//') ? `https:${action}` : action,
    fields: fields.map((f: { name?: unknown; value?: unknown }) => ({ name: String(f.name), value: String(f.value) })),
    assetId: String(data.asset?.asset_id ?? ''),
  };
}

/** Streams the file to the lease's action; returns the media URL (`<action>/<key>`) the post refers to. */
export async function uploadToLease(api: RedditApi, step: string, lease: Lease, media: MediaSource): Promise<string> {
  const multipart = multipartUpload(lease.fields, media);
  const res = await api.request(step, lease.action, {
    method: 'POST',
    headers: { 'content-type': multipart.contentType, 'content-length': String(multipart.contentLength) },
    body: multipart.body,
  });
  const key = lease.fields.find((f) => f.name === 'key')?.value ?? /<Key>([^<]*)<\/Key>/.exec(res.text)?.[1];
  if (!key) throw api.unrecognized(step, res, 'an upload answer without the key');
  return `${lease.action.replace(/\/$/, '')}/${key}`;
}
