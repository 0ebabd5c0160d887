// `npm start`: builds when the build is missing or older than its sources, then serves it.
// `npm run worker`, `npm run jobs` and `npm run reports` run the worker, the job report or
// the operator's reports the same way (arguments after `--` go to them).
import { spawn } from 'node:child_process';
import { ensureBuilt } from './ensure-built.mjs';

const ENTRIES = { serve: 'main', worker: 'worker', jobs: 'jobs-report', reports: 'reports-cli' };
const entry = ENTRIES[process.argv[2] ?? 'serve'];
if (!entry) {
  console.error(`Unknown command ${process.argv[2]}: one of ${Object.keys(ENTRIES).join(', ')}`);
  process.exit(2);
}

ensureBuilt(Object.values(ENTRIES));

const server = spawn(
  process.execPath,
  ['--enable-source-maps', `dist/server/${entry}.js`, ...process.argv.slice(3)],
  { stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
