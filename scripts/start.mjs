// `npm start`: builds when the build is missing or older than its sources, then serves it.
// `npm run worker`, `npm run jobs` and `npm run reports` run the worker, the job report or
// the operator's reports the same way (arguments after `--` go to them).
import { spawn, spawnSync } from 'node:child_process';
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

const ENTRIES = { serve: 'main', worker: 'worker', jobs: 'jobs-report', reports: 'reports-cli' };
const entry = ENTRIES[process.argv[2] ?? 'serve'];
if (!entry) {
  console.error(`Unknown command ${process.argv[2]}: one of ${Object.keys(ENTRIES).join(', ')}`);
  process.exit(2);
}

const builtAt = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map(newestChange));
if (
  Object.values(ENTRIES).some((name) => !existsSync(`dist/server/${name}.js`)) ||
  !existsSync('dist/client/index.html') ||
  sourcesAt > builtAt
) {
  console.log('Building Encore…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(STAMP, new Date().toISOString());
}

const server = spawn(
  process.execPath,
  ['--enable-source-maps', `dist/server/${entry}.js`, ...process.argv.slice(3)],
  { stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
