// `npm run cluster -- --instances 3`: that many Encore app processes, one job worker and
// HAProxy in front of them, against DATABASE_URL. HAProxy listens on PORT (3000), the apps
// on the ports after it; HAProxy's statistics are on the port after those.
//
// An app that dies is started again. `kill -HUP` this process for a rolling restart (each
// app in turn is stopped, drained and started again, e.g. after a new build); SIGTERM or
// Ctrl-C stops everything. --from-source runs the TypeScript sources instead of the build.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuilt } from './ensure-built.mjs';
import { haproxyConfig } from './haproxy-config.mjs';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '3' },
    port: { type: 'string', default: process.env.PORT ?? '3000' },
    'from-source': { type: 'boolean', default: false },
  },
});
const instances = Number(values.instances);
const port = Number(values.port);
if (!Number.isInteger(instances) || instances < 1 || instances > 64)
  fail('--instances must be 1 to 64');
if (!Number.isInteger(port) || port < 1 || port + instances + 1 > 65535)
  fail('--port is not a port');
if (!process.env.DATABASE_URL)
  fail('npm run cluster needs DATABASE_URL: the instances share one PostgreSQL');

const host = process.env.HOST ?? '127.0.0.1';
const log = (message) => console.log(`cluster: ${message}`);
function fail(message) {
  console.error(`cluster: ${message}`);
  process.exit(2);
}

const fromSource = values['from-source'];
if (!fromSource) ensureBuilt(['main', 'worker', 'jobs-report']);
const entry = (name) =>
  fromSource
    ? ['--import', 'tsx', `src/server/${name}.ts`]
    : ['--enable-source-maps', `dist/server/${name}.js`];

const shared = {
  ...process.env,
  HOST: host,
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
  // HAProxy runs here and says who the client is.
  TRUST_PROXY: process.env.TRUST_PROXY ?? 'loopback',
  // The worker runs the jobs, so requests never wait on them.
  JOB_WORKERS_IN_PROCESS: 'false',
  // Longer than HAProxy takes to see /readyz fail (two checks a second apart).
  SHUTDOWN_DRAIN_SECONDS: process.env.SHUTDOWN_DRAIN_SECONDS ?? '3',
};

/** @typedef {{ name: string, port?: number, script: string, child?: import('node:child_process').ChildProcess, expected: boolean }} Member */
/** @type {Member[]} */
const apps = Array.from({ length: instances }, (_, i) => ({
  name: `app${i + 1}`,
  port: port + 1 + i,
  script: 'main',
  expected: false,
}));
/** @type {Member} */
const worker = { name: 'worker', script: 'worker', expected: false };
let stopping = false;

function launch(member) {
  member.expected = false;
  const env = member.port ? { ...shared, PORT: String(member.port) } : shared;
  member.child = spawn(process.execPath, entry(member.script), { env, stdio: 'inherit' });
  log(
    `${member.name} started (pid ${member.child.pid}${member.port ? `, port ${member.port}` : ''})`,
  );
  member.child.once('exit', (code, signal) => {
    if (stopping || member.expected) return;
    log(`${member.name} ended (${signal ?? code}); starting it again`);
    setTimeout(() => {
      if (stopping) return;
      launch(member);
      if (member.port)
        waitReady(member).then(
          () => log(`${member.name} is back`),
          () => {},
        );
    }, 1000);
  });
}

async function waitReady(member, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`http://${host}:${member.port}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${member.name} was not ready in time`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function stop(member, signal = 'SIGTERM') {
  const { child } = member;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  member.expected = true;
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill(signal);
  });
}

// The first app migrates the database; the others start once it is ready.
launch(apps[0]);
await waitReady(apps[0]);
for (const app of apps.slice(1)) launch(app);
await Promise.all(apps.slice(1).map((app) => waitReady(app)));
launch(worker);

const configDir = mkdtempSync(path.join(os.tmpdir(), 'encore-cluster-'));
const configFile = path.join(configDir, 'haproxy.cfg');
writeFileSync(
  configFile,
  haproxyConfig(readFileSync(new URL('../deploy/haproxy.cfg', import.meta.url), 'utf8'), {
    bind: `${host}:${port}`,
    statsBind: `127.0.0.1:${port + instances + 1}`,
    servers: apps.map((app) => ({ name: app.name, address: `127.0.0.1:${app.port}` })),
  }),
);
const haproxy = spawn(process.env.HAPROXY ?? 'haproxy', ['-W', '-db', '-f', configFile], {
  stdio: 'inherit',
});
haproxy.once('error', (error) => {
  console.error(
    `cluster: HAProxy did not start (${error.message}); install it (apt-get install -y haproxy)`,
  );
  shutdown(1);
});
haproxy.once('exit', (code) => {
  if (!stopping) {
    console.error(`cluster: HAProxy ended (${code})`);
    shutdown(1);
  }
});
await waitFor(`http://${host}:${port}/readyz`);
log(`ready at ${shared.PUBLIC_URL} (${instances} instances and a worker behind HAProxy)`);

async function waitFor(url) {
  for (let tries = 0; tries < 300; tries++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // HAProxy is not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

let restarting = false;
process.on('SIGHUP', async () => {
  if (restarting || stopping) return;
  restarting = true;
  log('rolling restart');
  for (const app of apps) {
    await stop(app);
    launch(app);
    await waitReady(app);
    log(`${app.name} restarted`);
  }
  await stop(worker);
  launch(worker);
  restarting = false;
  log('rolling restart done');
});

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  log('stopping');
  await Promise.all([...apps, worker].map((member) => stop(member)));
  if (haproxy.exitCode === null) {
    await new Promise((resolve) => {
      haproxy.once('exit', resolve);
      haproxy.kill('SIGTERM');
    });
  }
  rmSync(configDir, { recursive: true, force: true });
  log('stopped');
  process.exit(code);
}
process.on('SIGTERM', () => shutdown());
process.on('SIGINT', () => shutdown());
