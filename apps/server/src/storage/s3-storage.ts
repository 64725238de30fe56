import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../config/env';
import {
  assertStorageKey,
  isMediaKey,
  STORAGE_KEY,
  type ByteRange,
  type Storage,
  type StoredFileEntry,
  type StoredFileInfo,
} from './storage';
import { tempPath } from './temp-file';

export type S3Settings = Extract<Config['storage'], { kind: 's3' }>;

/** Parts of a multipart put: 8 MiB (S3 allows 10,000 parts, so up to 78 GiB; larger files get larger parts). */
export const PART_SIZE = 8 * 1024 * 1024;
const MAX_PARTS = 10_000;
/** Parts sent at once: memory held by one put is at most this many parts. */
const PART_QUEUE = 2;

/** A client for the configured bucket; also for other S3 users of the same settings (a resumable-upload store). */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // S3-compatible stores (S3_ENDPOINT) do not all accept the SDK's default trailing checksums on streamed
    // bodies: there, checksums only where the API requires them. AWS itself keeps the SDK's defaults.
    ...(settings.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const, responseChecksumValidation: 'WHEN_REQUIRED' as const }
      : {}),
  });
}

function isMissing(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  return err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey';
}

/**
 * Media as objects in an S3-compatible bucket, under `prefix` + key. Puts are multipart uploads streamed
 * from the local file, so an object appears whole or not at all; reads are ranged GETs streamed through.
 */
export class S3Storage implements Storage {
  readonly bucket: string;

  constructor(
    readonly client: S3Client,
    bucket: string,
    private readonly tmpDir: string,
    /** Keys live under this prefix (e.g. `media/`), so that the bucket can be shared. */
    private readonly prefix = '',
  ) {
    this.bucket = bucket;
  }

  static fromConfig(config: Pick<Config, 'tmpDir'>, settings: S3Settings): S3Storage {
    return new S3Storage(createS3Client(settings), settings.bucket, config.tmpDir);
  }

  private objectKey(key: string): string {
    assertStorageKey(key);
    return this.prefix + key;
  }

  /** The bucket, created when it does not exist yet. */
  async open(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      if (!isMissing(err)) throw err;
      try {
        await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
      } catch (createErr) {
        // Another process of this server made it first.
        const name = (createErr as Error).name;
        if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw createErr;
      }
    }
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async putFile(key: string, sourcePath: string): Promise<StoredFileInfo> {
    const Key = this.objectKey(key);
    const { size } = await fsp.stat(sourcePath);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body: fs.createReadStream(sourcePath), ContentLength: size },
      partSize: Math.max(PART_SIZE, Math.ceil(size / MAX_PARTS)),
      queueSize: PART_QUEUE,
      // A failed put aborts its multipart upload: nothing is left behind but what a crash leaves (removeLeftovers).
      leavePartsOnError: false,
    });
    await upload.done();
    await fsp.rm(sourcePath, { force: true });
    const info = await this.stat(key);
    if (!info) throw new Error(`Stored object vanished: ${key}`);
    return info;
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    const Key = this.objectKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  createReadStream(key: string, range?: ByteRange): Readable {
    const Key = this.objectKey(key);
    const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
    const aborter = new AbortController();
    let body: Readable | undefined;
    const stream: Readable = new Readable({
      construct: (callback) => {
        this.client
          .send(new GetObjectCommand({ Bucket: this.bucket, Key, Range }), { abortSignal: aborter.signal })
          .then((res) => {
            const source = (body = res.Body as Readable);
            source.on('data', (chunk: Buffer) => {
              if (!stream.push(chunk)) source.pause();
            });
            source.once('end', () => stream.push(null));
            source.once('error', (err) => stream.destroy(err));
            callback();
          }, callback);
      },
      read() {
        body?.resume();
      },
      destroy(err, callback) {
        aborter.abort();
        body?.destroy();
        callback(err);
      },
    });
    return stream;
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async *list(): AsyncIterable<StoredFileEntry> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix || undefined, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.prefix.length) ?? '';
        if (isMediaKey(key)) yield { key, modifiedAt: object.LastModified ?? new Date(0) };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  /** Aborts the multipart uploads a crash cut short: begun, and last given a part, before `olderThan`. */
  async removeLeftovers(olderThan: Date): Promise<number> {
    let removed = 0;
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          Prefix: this.prefix || undefined,
          KeyMarker,
          UploadIdMarker,
        }),
      );
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= olderThan) continue;
        if (!STORAGE_KEY.test(upload.Key.slice(this.prefix.length))) continue;
        // A put of a large file may be under way for longer than that: it is still adding parts.
        if ((await this.lastPartWritten(upload.Key, upload.UploadId)) >= olderThan) continue;
        try {
          await this.client.send(
            new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }),
          );
          removed++;
        } catch (err) {
          // Finished or aborted by its own process meanwhile.
          if (!(err instanceof S3ServiceException && err.name === 'NoSuchUpload')) throw err;
        }
      }
      [KeyMarker, UploadIdMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextUploadIdMarker] : [];
    } while (KeyMarker);
    return removed;
  }

  private async lastPartWritten(Key: string, UploadId: string): Promise<Date> {
    let last = new Date(0);
    let PartNumberMarker: string | undefined;
    try {
      do {
        const page = await this.client.send(
          new ListPartsCommand({ Bucket: this.bucket, Key, UploadId, PartNumberMarker }),
        );
        for (const part of page.Parts ?? [])
          if (part.LastModified && part.LastModified > last) last = part.LastModified;
        PartNumberMarker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
      } while (PartNumberMarker);
    } catch (err) {
      if (!(err instanceof S3ServiceException && err.name === 'NoSuchUpload')) throw err;
    }
    return last;
  }

  async withLocalFile<T>(key: string, fn: (localPath: string) => Promise<T>): Promise<T> {
    assertStorageKey(key);
    const local = tempPath(this.tmpDir, key.slice(key.lastIndexOf('.') + 1));
    try {
      await fsp.mkdir(this.tmpDir, { recursive: true });
      await pipeline(this.createReadStream(key), fs.createWriteStream(local, { flags: 'wx' }));
      return await fn(local);
    } finally {
      await fsp.rm(local, { force: true });
    }
  }
}
