import { createReadStream } from 'node:fs';
import { access, chmod, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from './file-store.ts';

export const UPLOADS_URL_PREFIX = '/uploads/';
/** Keys as this app makes them: a two-character folder, then a random name and extension. */
const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f-]{36}(?:-thumb)?\.[a-z0-9]{3,4}$/;
const ORIGINALS = 'originals/';

/** A key of a file that is served (not an original). */
export const isServedKey = (key: string) => KEY_PATTERN.test(key);
const isOriginalKey = (key: string) =>
  key.startsWith(ORIGINALS) && isServedKey(key.slice(ORIGINALS.length));

export const isFileKey = (key: string) => isServedKey(key) || isOriginalKey(key);

/** The key a file as received is kept under while `key` is made from it. */
export const originalKeyFor = (folder: string, id: string, extension: string) =>
  `${ORIGINALS}${folder}/${id}.${extension}`;

/**
 * Files under DATA_DIR/uploads, owner-only like the rest of DATA_DIR (the process umask).
 * Keys are spread over 256 folders so no folder grows huge. Originals live beside it in
 * DATA_DIR/uploads-originals, outside what is served.
 */
export async function createLocalFileStore(
  dataDir: string,
  options: { receives: boolean; publicUrl?: string } = { receives: true },
): Promise<FileStore & { root: string }> {
  const root = path.resolve(dataDir, 'uploads');
  const originalsRoot = path.resolve(dataDir, 'uploads-originals');
  const incomingDir = path.resolve(dataDir, 'uploads-incoming');
  await mkdir(root, { recursive: true, mode: 0o700 });
  await mkdir(originalsRoot, { recursive: true, mode: 0o700 });
  // A crash leaves half-received files behind; nothing refers to them. Only the process
  // that receives uploads clears them: a worker process beside it must not.
  if (options.receives) await rm(incomingDir, { recursive: true, force: true });
  await mkdir(incomingDir, { recursive: true, mode: 0o700 });

  const pathOf = (key: string) => {
    if (isServedKey(key)) return path.join(root, key);
    if (isOriginalKey(key)) return path.join(originalsRoot, key.slice(ORIGINALS.length));
    throw new Error(`not a file key: ${key}`);
  };

  return {
    root,
    incomingDir,
    async keep(key, sourcePath) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await rename(sourcePath, target);
      // Whatever wrote it (an image encoder included), the file is the app's alone.
      await chmod(target, 0o600);
    },
    read: (key) => createReadStream(pathOf(key)),
    withLocalFile: (key, use) => use(pathOf(key)),
    async has(key) {
      try {
        await access(pathOf(key));
        return true;
      } catch (error) {
        if ((error as { code?: unknown }).code === 'ENOENT') return false;
        throw error;
      }
    },
    async keys() {
      const under = async (dir: string, prefix: string) =>
        (await readdir(dir, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => prefix + path.relative(dir, path.join(entry.parentPath, entry.name)));
      return [...(await under(root, '')), ...(await under(originalsRoot, ORIGINALS))];
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
    ...servedUrls(options.publicUrl),
  };
}

/**
 * The URLs of served files: the app's own /uploads/ address, or, with MEDIA_PUBLIC_URL,
 * the public address of the bucket or CDN. Either is read back as its key: what a client
 * sends back (the URL an upload answered, or a review shows) is stored as that key.
 */
export function servedUrls(publicUrl: string | undefined): Pick<FileStore, 'urlOf' | 'keyOf'> {
  // Trailing slashes, matched from the first of them only: never tried again from each one.
  const publicPrefix = publicUrl ? `${publicUrl.replace(/(?<!\/)\/+$/, '')}/` : undefined;
  const keyAfter = (url: string, prefix: string) => {
    if (!url.startsWith(prefix)) return undefined;
    const key = url.slice(prefix.length);
    return isServedKey(key) ? key : undefined;
  };
  return {
    urlOf(key) {
      if (!isServedKey(key)) throw new Error(`not a served file key: ${key}`);
      return `${publicPrefix ?? UPLOADS_URL_PREFIX}${key}`;
    },
    keyOf: (url) =>
      keyAfter(url, UPLOADS_URL_PREFIX) ?? (publicPrefix ? keyAfter(url, publicPrefix) : undefined),
  };
}
