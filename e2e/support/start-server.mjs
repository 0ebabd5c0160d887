// Starts the built server for one browser-test project, on a throwaway database.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startFakeMail } from './fake-mail.mjs';
import { startFakeTicketmaster } from './fake-ticketmaster.mjs';

const [kind, port] = process.argv.slice(2);
/** Where the fake Ticketmaster listens, from the app's port (e2e/support/ticketmaster.ts). */
const FAKE_TICKETMASTER_PORT_OFFSET = 1000;
/** Where the fake mail server takes SMTP, and where tests read its mail (e2e/support/mail.ts). */
const FAKE_SMTP_PORT_OFFSET = 2000;
const FAKE_MAIL_DOOR_PORT_OFFSET = 3000;
const dataDir = mkdtempSync(path.join(os.tmpdir(), `encore-e2e-${kind}-`));
const env = {
  ...process.env,
  PORT: port,
  HOST: 'localhost',
  DATA_DIR: dataDir,
  SEED_DEMO: '1',
  LOG_LEVEL: 'warn',
  // The suite signs many people up and in from this one address.
  SIGNUPS_PER_IP_PER_HOUR: '100000',
  SIGN_IN_ATTEMPTS_PER_ADDRESS: '100000',
  SIGN_IN_RATE_LIMIT: '100000',
};
delete env.DATABASE_URL;

// Ticketmaster is a fake the tests offer events to (show alerts), a thousand ports up.
const ticketmaster = await startFakeTicketmaster(Number(port) + FAKE_TICKETMASTER_PORT_OFFSET);
env.TICKETMASTER_API_KEY = 'e2e-ticketmaster-key';
env.TICKETMASTER_BASE_URL = ticketmaster.baseUrl;

// Mail goes to a fake mail server, whose messages tests read (a verification link).
env.SMTP_URL = await startFakeMail(
  Number(port) + FAKE_SMTP_PORT_OFFSET,
  Number(port) + FAKE_MAIL_DOOR_PORT_OFFSET,
);

if (kind === 'postgres') {
  const url = new URL(process.env.TEST_DATABASE_URL);
  // Named by port, so two checkouts can run their browser tests on one server at once.
  const database = `encore_e2e_${Number(port)}`;
  const admin = new pg.Client({ connectionString: url.href });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  url.pathname = `/${database}`;
  env.DATABASE_URL = url.href;
}

const server = spawn(process.execPath, ['dist/server/main.js'], { stdio: 'inherit', env });
const stop = (signal) => server.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
// If the test runner dies without stopping us, do not linger holding the port. Playwright
// starts us through a shell, so the runner is our grandparent (read from /proc on Linux).
const runnerPid = (() => {
  try {
    return Number(readFileSync(`/proc/${process.ppid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
  } catch {
    return process.ppid;
  }
})();
setInterval(() => {
  try {
    process.kill(runnerPid, 0);
  } catch {
    stop('SIGTERM');
  }
}, 1000).unref();
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
