/**
 * Where uploaded files live. Services name files by key (`ab/ab12….webp`) and never by
 * path, so the local disk (the default) can give way to an object store without them
 * changing: an object store would implement the same calls and serve `urlOf(key)`.
 */
import type { Readable } from 'node:stream';

export interface FileStore {
  /** Takes a finished file from `incomingDir` and keeps it under `key`; the source is gone after. */
  keep(key: string, sourcePath: string): Promise<void>;
  /** The file's bytes, read as they are sent (a data export). */
  read(key: string): Readable;
  /** Removes files; keys that are already gone are fine. */
  remove(keys: readonly string[]): Promise<void>;
  /** The URL the file is served at. */
  urlOf(key: string): string;
  /** The key of a URL this store serves; undefined for any other URL. */
  keyOf(url: string): string | undefined;
  /** Where files are written while they arrive, on the same disk as the store. */
  readonly incomingDir: string;
}
