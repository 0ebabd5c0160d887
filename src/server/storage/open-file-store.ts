import type { StorageSettings } from '../config.ts';
import type { FileStore } from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { linkMediaAt } from './media-urls.ts';
import { createS3FileStore } from './s3-file-store.ts';

/**
 * The store the settings name: an S3-compatible bucket when S3_BUCKET is set, else the
 * local disk under DATA_DIR. `receives` is false in a worker process, which must not clear
 * the files an app process beside it is receiving. What the process reads links files
 * where the settings say (`linkMediaAt`).
 */
export async function openFileStore(
  settings: StorageSettings,
  dataDir: string,
  { receives }: { receives: boolean },
): Promise<FileStore> {
  linkMediaAt(settings.publicUrl);
  return settings.s3
    ? createS3FileStore(settings.s3, dataDir, { receives, publicUrl: settings.publicUrl })
    : createLocalFileStore(dataDir, { receives, publicUrl: settings.publicUrl });
}
