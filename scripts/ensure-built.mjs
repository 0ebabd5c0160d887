// Builds Encore when the build is missing or older than its sources (npm start, npm run
// worker, npm run jobs, npm run cluster).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const STAMP = 'dist/.build-stamp';
const SOURCES = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'drizzle',
  'scripts/build-server.mjs',
];

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, child) => Math.max(newest, newestChange(path.join(entry, child))),
    stat.mtimeMs,
  );
}

/** @param {string[]} serverEntries the bundles in dist/server that must exist */
export function ensureBuilt(serverEntries) {
  const builtAt = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map(newestChange));
  if (
    serverEntries.some((name) => !existsSync(`dist/server/${name}.js`)) ||
    !existsSync('dist/client/index.html') ||
    sourcesAt > builtAt
  ) {
    console.log('Building Encore…');
    const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
    writeFileSync(STAMP, new Date().toISOString());
  }
}
