/**
 * Where uploaded files live. Services name files by key (`ab/ab12….webp`) and never by
 * path, so the local disk (the default) and an S3-compatible bucket serve them alike.
 *
 * Files as received are kept under original keys (`originals/ab/ab12….jpg`) while they
 * are processed. They may carry what must not be published (a photo's EXIF and GPS), so
 * they live apart from the served files, have no url, and no url leads to them.
 */
import type { Readable } from 'node:stream';

export interface FileStore {
  /** Takes a finished file from `incomingDir` and keeps it under `key`; the source is gone after. */
  keep(key: string, sourcePath: string): Promise<void>;
  /** The file's bytes, read as they are sent (a data export). */
  read(key: string): Readable;
  /**
   * Runs `use` with a path on this machine that holds the file, for tools that read files
   * (an image decoder); the path is good while `use` runs.
   */
  withLocalFile<T>(key: string, use: (filePath: string) => Promise<T>): Promise<T>;
  /** Whether a file is kept under `key`. */
  has(key: string): Promise<boolean>;
  /** Every key kept, originals included, in no particular order (an operator's check). */
  keys(): Promise<string[]>;
  /** Removes files, originals included; keys that are already gone are fine. */
  remove(keys: readonly string[]): Promise<void>;
  /** The URL the file is served at; an original has none. */
  urlOf(key: string): string;
  /** The key of a URL this store serves; undefined for any other URL. */
  keyOf(url: string): string | undefined;
  /** Where files are written while they arrive, on the same disk as the store. */
  readonly incomingDir: string;
}
