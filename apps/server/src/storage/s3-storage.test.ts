import {
  CreateMultipartUploadCommand,
  HeadBucketCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { storageContract } from '../../test/storage-contract';
import { makeTempDir } from '../../test/temp-dir';
import { loadConfig } from '../config/env';
import { createS3Client, PART_SIZE, S3Storage, type S3Settings } from './s3-storage';

let s3: TestS3Server;
let buckets = 0;

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.close());

function settingsFor(bucket: string): S3Settings {
  const config = loadConfig({ DATA_DIR: '/nonexistent', ...s3.env(bucket) });
  if (config.storage.kind !== 's3') throw new Error('STORAGE=s3 expected');
  return config.storage;
}

/** A storage on a new bucket (made by `open`), its objects under a key prefix when `prefix` is given. */
function newStorage(tmpDir: string, prefix = '') {
  const settings = settingsFor(`media-${process.pid}-${buckets++}`);
  const client = createS3Client(settings);
  return { storage: new S3Storage(client, settings.bucket, tmpDir, prefix), client, bucket: settings.bucket };
}

for (const prefix of ['', 'media/']) {
  storageContract(prefix ? `S3 (keys under "${prefix}")` : 'S3', async (tmpDir) => {
    const { storage, client, bucket } = newStorage(tmpDir, prefix);
    return {
      storage,
      // A multipart upload begun and given a part, never completed: a put cut short by a crash.
      leaveInterruptedPut: async (key) => {
        const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: prefix + key }));
        await client.send(
          new UploadPartCommand({ Bucket: bucket, Key: prefix + key, UploadId, PartNumber: 1, Body: 'half' }),
        );
      },
      writeForeignFile: async (name, body) => {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: name, Body: body }));
      },
      close: async () => client.destroy(),
    };
  });
}

describe('S3 storage puts', () => {
  it('sends a file larger than one part as a multipart upload', async () => {
    const tmpDir = makeTempDir('fanout-s3-put-');
    const { storage, client } = newStorage(tmpDir);
    await storage.open();
    const file = path.join(tmpDir, 'big.tmp');
    fs.writeFileSync(file, Buffer.alloc(20 * 1024 * 1024, 7));
    const before = s3.partsReceived();
    await storage.putFile(`${'a'.repeat(32)}.mp4`, file);
    expect(s3.partsReceived() - before).toBe(Math.ceil((20 * 1024 * 1024) / PART_SIZE));
    expect(PART_SIZE).toBeLessThan(20 * 1024 * 1024);
    client.destroy();
    fs.rmSync(tmpDir, { recursive: true, force: true });
  });

  it('leaves a long put that is still sending parts, and aborts one that stopped', async () => {
    const { storage, client, bucket } = newStorage('/nonexistent');
    await storage.open();
    const begin = async (key: string) => {
      const { UploadId = '' } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
      await client.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: 1, Body: 'part' }));
      return path.join(s3.directory, bucket, '._S3rver_uploads', UploadId);
    };
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    // Both began two hours ago; one last sent a part just now, the other then.
    const sending = await begin(`${'b'.repeat(32)}.mp4`);
    fs.utimesSync(path.join(sending, 'key'), twoHoursAgo, twoHoursAgo);
    const stopped = await begin(`${'c'.repeat(32)}.mp4`);
    for (const name of fs.readdirSync(stopped)) fs.utimesSync(path.join(stopped, name), twoHoursAgo, twoHoursAgo);

    expect(await storage.removeLeftovers(new Date(Date.now() - 60 * 60_000))).toBe(1);
    expect(fs.existsSync(sending)).toBe(true);
    expect(fs.existsSync(stopped)).toBe(false);
    client.destroy();
  });
});

describe('S3 storage setup', () => {
  it('creates its bucket at start when it is missing, and opens an existing one', async () => {
    const { storage, client, bucket } = newStorage('/nonexistent');
    await expect(storage.check()).rejects.toThrow();
    await storage.open();
    await expect(client.send(new HeadBucketCommand({ Bucket: bucket }))).resolves.toBeDefined();
    await storage.check();
    await storage.open();
    client.destroy();
  });

  it('is chosen by STORAGE=s3', () => {
    const settings = settingsFor('some-bucket');
    expect(settings).toMatchObject({ bucket: 'some-bucket', endpoint: s3.endpoint, forcePathStyle: true });
  });
});
