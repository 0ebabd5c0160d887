/**
 * Lighthouse on signed-in pages, as a phone sees them (Lighthouse's default mobile
 * emulation and simulated throttling): /discover and the first concert's page, each run
 * RUNS times because one run on a shared machine is noisy. The built server runs on a
 * fresh PostgreSQL database with the demo data, signed in as the demo's most followed
 * person through a session row (bench/sessions.ts), so no sign-in flow is measured.
 *
 *   npm run build && npm run bench:lighthouse
 *
 * Lighthouse comes from the npm registry through npx (LIGHTHOUSE_PACKAGE, default
 * lighthouse@12.8.2: 13 wants Node 22). BENCH_LIGHTHOUSE_DB names the database it may drop
 * and create (default postgres://postgres@127.0.0.1:5432/encore_lighthouse). With
 * LIGHTHOUSE_REPORTS=<dir>, each run's full report is kept there, to read where time goes.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Signer } from '@fastify/cookie';
import { desc } from 'drizzle-orm';
import pg from 'pg';
import { sessionCookieName } from '../src/server/auth/sessions.ts';
import { openDatabase } from '../src/server/db/index.ts';
import { sessions, users } from '../src/server/db/schema.ts';
import { signedInSessionRow } from '../src/server/testing/api-client.ts';
import {
  freePorts,
  requireBuiltServer,
  runMain,
  shutdownChildren,
  startApp,
  waitForHttp,
} from './harness.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 2);
const LIGHTHOUSE = process.env.LIGHTHOUSE_PACKAGE ?? 'lighthouse@12.8.2';
const DATABASE_URL =
  process.env.BENCH_LIGHTHOUSE_DB ?? 'postgres://postgres@127.0.0.1:5432/encore_lighthouse';
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS;

interface PageFigures {
  page: string;
  run: number;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
}

async function freshDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(target, { pathname: '/postgres' }).href,
  });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

/** A session row for the demo's most followed person, and the cookie that carries it. */
async function demoSessionCookie(sessionSecret: string): Promise<string> {
  const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: 'unused' });
  try {
    const [person] = await database.db
      .select({ id: users.id })
      .from(users)
      .orderBy(desc(users.followersCount))
      .limit(1);
    if (!person) throw new Error('the demo data has no people');
    const sid = randomBytes(24).toString('base64url');
    await database.db
      .insert(sessions)
      .values(signedInSessionRow(person.id, sid, { secure: false }));
    return `${sessionCookieName(false)}=${encodeURIComponent(new Signer(sessionSecret).sign(sid))}`;
  } finally {
    await database.close();
  }
}

/** Lighthouse now and then loses its trace on a busy machine (NO_NAVSTART): a run is tried thrice. */
const ATTEMPTS = 3;

async function lighthouse(url: string, headersFile: string, outFile: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, headersFile, outFile);
    } catch (error) {
      if (attempt === ATTEMPTS) throw error;
      console.warn(`${url}: Lighthouse failed (${String(error).split('\n')[0]}), trying again`);
    }
  }
}

async function lighthouseOnce(url: string, headersFile: string, outFile: string) {
  await promisify(execFile)(
    'npx',
    [
      '-y',
      LIGHTHOUSE,
      url,
      '--only-categories=performance',
      `--extra-headers=${headersFile}`,
      `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage`,
      '--output=json',
      `--output-path=${outFile}`,
      '--quiet',
    ],
    { env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 64 * 2 ** 20 },
  );
  const report = JSON.parse(readFileSync(outFile, 'utf8')) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue: number }>;
  };
  const audit = (id: string) => report.audits[id]!.numericValue;
  return {
    performance: Math.round(report.categories.performance.score * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    fcpMs: Math.round(audit('first-contentful-paint')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
  };
}

async function main() {
  requireBuiltServer();
  if (REPORTS_DIR) mkdirSync(REPORTS_DIR, { recursive: true });
  await freshDatabase(DATABASE_URL);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'encore-lighthouse-'));
  const sessionSecret = randomBytes(32).toString('hex');
  const [port] = await freePorts(1);
  const origin = `http://localhost:${port}`;
  const app = startApp('app', port!, {
    databaseUrl: DATABASE_URL,
    dataDir: workDir,
    sessionSecret,
    extraEnv: { SEED_DEMO: '1', PUBLIC_URL: origin, HOST: 'localhost' },
  });
  try {
    await waitForHttp(`${origin}/readyz`, app, 120_000);
    const cookie = await demoSessionCookie(sessionSecret);
    const headersFile = path.join(workDir, 'headers.json');
    // A signed-in person has run the app before, which left their time zone in a cookie
    // (src/client/lib/time-zone-cookie.ts); Chrome here runs in this machine's zone.
    const timeZone = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone);
    writeFileSync(headersFile, JSON.stringify({ Cookie: `${cookie}; encore.tz=${timeZone}` }));
    const concerts = (await (await fetch(`${origin}/api/concerts`)).json()) as { id: string }[];
    const pages = ['/discover', `/concerts/${concerts[0]!.id}`];

    const figures: PageFigures[] = [];
    for (let run = 1; run <= RUNS; run++) {
      for (const page of pages) {
        const report = `${page.split('/')[1]}-run-${run}.json`;
        const measured = await lighthouse(
          `${origin}${page}`,
          headersFile,
          path.join(REPORTS_DIR ?? workDir, report),
        );
        figures.push({ page, run, ...measured });
        console.log(
          `${page.padEnd(48)} run ${run}: performance ${measured.performance}, LCP ${measured.lcpMs} ms, ` +
            `TBT ${measured.tbtMs} ms, FCP ${measured.fcpMs} ms, CLS ${measured.cls}`,
        );
      }
    }
  } finally {
    await shutdownChildren();
    rmSync(workDir, { recursive: true, force: true });
  }
}

runMain(main);
