import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import S3rver from 's3rver';
import { makeTempDir } from './temp-dir';

/** s3rver's own default key pair; it checks request signatures against it. */
const ACCESS_KEY = 'S3RVER';

export interface TestS3Server {
  endpoint: string;
  /** Where s3rver keeps the buckets: `<bucket>/<key>`, open multipart uploads in `<bucket>/._S3rver_uploads/<id>`. */
  directory: string;
  /** Parts received by multipart uploads so far (UploadPart calls). */
  partsReceived(): number;
  /** The settings STORAGE=s3 needs, for startTestServer or loadConfig; the bucket is made by the server. */
  env(bucket: string): Record<string, string>;
  close(): Promise<void>;
}

/**
 * An S3-compatible object store on a free loopback port, its objects in a temp dir (s3rver). s3rver lacks
 * three calls of the multipart API that storage's sweep of interrupted puts makes (ListMultipartUploads,
 * ListParts, AbortMultipartUpload); they are answered here from s3rver's own record of open uploads.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = makeTempDir('fanout-s3-');
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  let parts = 0;
  server.middleware.unshift(multipartListing(directory, () => parts++));
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    directory,
    partsReceived: () => parts,
    env: (bucket) => ({
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    close: async () => {
      server.httpServer?.closeAllConnections();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';

/** s3rver keeps each open multipart upload as a dir `<bucket>/._S3rver_uploads/<uploadId>` (a `key` file, the parts). */
function multipartListing(root: string, onPart: () => void) {
  return async (ctx: KoaContext, next: () => Promise<void>) => {
    const [, bucket = '', ...rest] = ctx.path.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const uploadsDir = path.join(root, bucket, '._S3rver_uploads');
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    const openUpload = (id: string) => {
      const dir = path.join(uploadsDir, path.basename(id));
      return fs.existsSync(path.join(dir, 'key')) ? dir : undefined;
    };
    const noSuchUpload = () => {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
    };

    if (ctx.method === 'GET' && !key && 'uploads' in ctx.query) {
      const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
      const ids = fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir) : [];
      const uploads = ids
        .map((id) => ({ id, dir: path.join(uploadsDir, id) }))
        .filter(({ dir }) => fs.existsSync(path.join(dir, 'key')))
        .map(({ id, dir }) => ({
          id,
          key: fs.readFileSync(path.join(dir, 'key'), 'utf8'),
          initiated: fs.statSync(path.join(dir, 'key')).mtime,
        }))
        .filter((u) => u.key.startsWith(prefix));
      ctx.type = 'application/xml';
      ctx.body =
        `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult xmlns="${XMLNS}">` +
        `<Bucket>${xml(bucket)}</Bucket><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>` +
        uploads
          .map(
            (u) =>
              `<Upload><Key>${xml(u.key)}</Key><UploadId>${u.id}</UploadId>` +
              `<Initiated>${u.initiated.toISOString()}</Initiated></Upload>`,
          )
          .join('') +
        `</ListMultipartUploadsResult>`;
      return;
    }
    if (ctx.method === 'GET' && key && uploadId && !('partNumber' in ctx.query)) {
      const dir = openUpload(uploadId);
      if (!dir) return noSuchUpload();
      const parts = fs
        .readdirSync(dir)
        .filter((name) => /^\d+$/.test(name))
        .map((name) => ({ number: Number(name), stat: fs.statSync(path.join(dir, name)) }))
        .sort((a, b) => a.number - b.number);
      ctx.type = 'application/xml';
      ctx.body =
        `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult xmlns="${XMLNS}">` +
        `<Bucket>${xml(bucket)}</Bucket><Key>${xml(key)}</Key><UploadId>${uploadId}</UploadId>` +
        `<MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>` +
        parts
          .map(
            (p) =>
              `<Part><PartNumber>${p.number}</PartNumber><LastModified>${p.stat.mtime.toISOString()}</LastModified>` +
              `<ETag>"${createHash('md5')
                .update(fs.readFileSync(path.join(dir, String(p.number))))
                .digest('hex')}"</ETag>` +
              `<Size>${p.stat.size}</Size></Part>`,
          )
          .join('') +
        `</ListPartsResult>`;
      return;
    }
    if (ctx.method === 'PUT' && key && uploadId && 'partNumber' in ctx.query) onPart();
    if (ctx.method === 'DELETE' && key && uploadId) {
      const dir = openUpload(uploadId);
      if (!dir) return noSuchUpload();
      fs.rmSync(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    await next();
  };
}
