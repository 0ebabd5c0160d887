import { chmod, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * DATA_DIR holds the embedded database, the generated session secret, the outbox and
 * uploads: readable by this app's user only. The umask makes every file the process
 * creates from here on private too (PGlite's files included); a directory made by an
 * older version is closed up as well.
 */
export async function prepareDataDir(dataDir: string): Promise<string> {
  process.umask(0o077);
  const dir = path.resolve(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  return dir;
}

/**
 * Makes everything under `dir` owner-only. PGlite sets its files' modes itself (0666),
 * whatever the umask, so the database directory is closed up once start-up wrote it;
 * files it makes later sit inside directories nobody else may enter.
 */
export async function closeUp(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  await chmod(dir, 0o700);
  for (const entry of entries) {
    const full = path.join(entry.parentPath, entry.name);
    await chmod(full, entry.isDirectory() ? 0o700 : 0o600);
  }
}
