import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import type { FileStore } from './file-store.ts';
import { isFileKey, servedUrls } from './local-file-store.ts';

export interface S3Settings {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export interface S3FileStore extends FileStore {
  client: S3Client;
  /** The object under `key` (undefined when there is none), or the part a Range names. */
  get(
    key: string,
    conditions?: { range?: string; ifNoneMatch?: string },
  ): Promise<GetObjectCommandOutput | undefined>;
}

/** S3 allows up to 1,000 keys in one DeleteObjects request. */
const DELETE_BATCH = 1000;

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

export const contentTypeOfKey = (key: string) =>
  CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where S3 demands them: S3-compatible stores differ in which of the
    // newer checksum headers they understand.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * Files in an S3-compatible bucket under the same keys as on the local disk: the served
 * files at their key, the originals under `originals/`, which no URL leads to. Files
 * arrive on the local disk first (`incomingDir` under DATA_DIR) and are sent on whole, so
 * a half-received upload never reaches the bucket. The bucket needs no public access: the
 * app serves the files, with ranges, unless MEDIA_PUBLIC_URL names where they are public.
 */
export async function createS3FileStore(
  settings: S3Settings,
  dataDir: string,
  options: { receives: boolean; publicUrl?: string } = { receives: true },
): Promise<S3FileStore> {
  const client = s3Client(settings);
  const incomingDir = path.resolve(dataDir, 'uploads-incoming');
  const scratchDir = path.resolve(dataDir, 'uploads-scratch');
  if (options.receives) await rm(incomingDir, { recursive: true, force: true });
  await mkdir(incomingDir, { recursive: true, mode: 0o700 });
  await mkdir(scratchDir, { recursive: true, mode: 0o700 });
  const Bucket = settings.bucket;
  const checked = (key: string) => {
    if (!isFileKey(key)) throw new Error(`not a file key: ${key}`);
    return key;
  };
  const urls = servedUrls(options.publicUrl);

  async function get(key: string, conditions: { range?: string; ifNoneMatch?: string } = {}) {
    try {
      return await client.send(
        new GetObjectCommand({
          Bucket,
          Key: checked(key),
          Range: conditions.range,
          IfNoneMatch: conditions.ifNoneMatch,
        }),
      );
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  return {
    client,
    incomingDir,
    get,
    async keep(key, sourcePath) {
      const { size } = await stat(sourcePath);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checked(key),
          Body: createReadStream(sourcePath),
          ContentLength: size,
          ContentType: contentTypeOfKey(key),
        }),
      );
      await rm(sourcePath, { force: true });
    },
    read(key) {
      // A stream now, its bytes once the object answers: callers pipe it at once.
      const out = new PassThrough();
      get(key).then(
        (object) => {
          if (!object?.Body) return out.destroy(new Error(`no file under ${key}`));
          (object.Body as Readable).on('error', (error) => out.destroy(error)).pipe(out);
        },
        (error: Error) => out.destroy(error),
      );
      return out;
    },
    async withLocalFile(key, use) {
      const object = await get(key);
      if (!object?.Body) throw new Error(`no file under ${key}`);
      const dir = await mkdtemp(path.join(scratchDir, 'f-'));
      const filePath = path.join(dir, path.basename(key));
      try {
        await pipeline(object.Body as Readable, createWriteStream(filePath, { mode: 0o600 }));
        return await use(filePath);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async keys() {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys;
    },
    async remove(keys) {
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const batch = keys.slice(i, i + DELETE_BATCH).map((key) => ({ Key: checked(key) }));
        await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch, Quiet: true } }),
        );
      }
    },
    urlOf: urls.urlOf,
    keyOf: urls.keyOf,
  };
}
