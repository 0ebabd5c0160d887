import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The secret that signs session cookies. Production sets SESSION_SECRET; otherwise one is
 * generated on first start and kept in DATA_DIR so restarts keep people signed in.
 */
export async function resolveSessionSecret(configured: string | undefined, dataDir: string) {
  if (configured) return configured;
  const file = path.resolve(dataDir, 'session-secret');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
