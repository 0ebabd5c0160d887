/**
 * Where a test app keeps its media: DATA_DIR, or, in the S3 project
 * (ENCORE_TEST_STORAGE=s3), a bucket of its own on the run's S3-protocol server.
 */
import { randomBytes } from 'node:crypto';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import { s3Client } from '../storage/s3-file-store.ts';

export type TestStorageKind = 'local' | 's3';

export const testStorageKind = (): TestStorageKind =>
  process.env.ENCORE_TEST_STORAGE === 's3' ? 's3' : 'local';

/** The settings of a fresh bucket in the S3 project; none on the local disk. */
export async function testStorageEnv(): Promise<Record<string, string>> {
  if (testStorageKind() === 'local') return {};
  const settings = {
    bucket: `media-${randomBytes(6).toString('hex')}`,
    endpoint: inject('s3Endpoint'),
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  await s3Client(settings).send(new CreateBucketCommand({ Bucket: settings.bucket }));
  return {
    S3_BUCKET: settings.bucket,
    S3_ENDPOINT: settings.endpoint,
    S3_REGION: settings.region,
    S3_ACCESS_KEY_ID: settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    S3_FORCE_PATH_STYLE: '1',
  };
}
