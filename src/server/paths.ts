import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root, found from this file whether it runs from src/ or the dist/ bundle. */
function findPackageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (dir !== path.dirname(dir)) {
    if (existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
}

export const packageRoot = findPackageRoot();
export const migrationsFolder = path.join(packageRoot, 'drizzle');
export const clientBuildDir = path.join(packageRoot, 'dist', 'client');
