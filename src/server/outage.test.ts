/**
 * The database away: a real Encore process on a PostgreSQL of the test's own, which the
 * test stops (ending every session, as a crash or a failover would) and starts again while
 * a person keeps saving concerts. (PGlite lives inside the process: it cannot go away.)
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Signer } from '@fastify/cookie';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from './auth/sessions.ts';
import { fromPostgres, type DatabaseHandle } from './db/index.ts';
import { concertWishlist, sessions } from './db/schema.ts';
import { createConcert, createUser, daysFromToday } from './db/seed/factories.ts';
import { signedInSessionRow } from './testing/api-client.ts';
import { startOwnPostgres, type OwnPostgres } from './testing/own-postgres.ts';
import { spawnEncore, stopProcess, type EncoreProcess } from './testing/processes.ts';
import { freePort } from './testing/test-app.ts';
import { testDatabaseKind } from './testing/test-database.ts';

const CONCERTS = 400;

describe.skipIf(testDatabaseKind() !== 'postgres')(
  'when PostgreSQL goes away and comes back',
  { timeout: 180_000 },
  () => {
    let own: OwnPostgres;
    let encore: EncoreProcess;
    let base: string;
    let cookie: string;
    let userId: string;
    let concertIds: string[];
    const sessionSecret = randomBytes(32).toString('hex');
    let dataDir: string;

    const connect = (): DatabaseHandle =>
      fromPostgres(new pg.Pool({ connectionString: own.url, max: 2 }));

    beforeAll(async () => {
      own = await startOwnPostgres();
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'encore-outage-'));
      encore = spawnEncore('main', {
        DATABASE_URL: own.url,
        DATA_DIR: dataDir,
        SESSION_SECRET: sessionSecret,
        PORT: String(await freePort()),
        SEED_DEMO: '0',
        RESPONSE_CACHE_SECONDS: '3600',
      });
      await encore.logged('Encore is ready');
      base = (encore.lines.find((line) => line.msg === 'Encore is ready') as { url: string }).url;

      const setup = connect();
      const user = await createUser(setup.db);
      userId = user.id;
      concertIds = [];
      for (let n = 0; n < CONCERTS; n++) {
        concertIds.push((await createConcert(setup.db, { date: daysFromToday(10 + n) })).id);
      }
      const sid = randomBytes(24).toString('base64url');
      await setup.db.insert(sessions).values(signedInSessionRow(userId, sid, { secure: false }));
      cookie = `${SESSION_COOKIE}=${encodeURIComponent(new Signer(sessionSecret).sign(sid))}`;
      await setup.close();
    });

    afterAll(async () => {
      await stopProcess(encore);
      await own?.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    const save = (concertId: string) =>
      fetch(`${base}/api/wishlist`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ concertId }),
      });

    it('answers 503 with Retry-After, keeps cached reads, recovers by itself and loses no acknowledged write', async () => {
      // A public read the response cache now holds.
      expect((await fetch(`${base}/api/concerts`)).status).toBe(200);

      const statuses: number[] = [];
      const acknowledged: string[] = [];
      let next = 0;
      let writing = true;
      const writer = (async () => {
        while (writing && next < concertIds.length) {
          const concertId = concertIds[next++]!;
          const response = await save(concertId);
          statuses.push(response.status);
          if (response.status === 201) acknowledged.push(concertId);
        }
      })();

      await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThanOrEqual(20), {
        timeout: 30_000,
        interval: 20,
      });
      await own.stop();
      await vi.waitFor(
        () => expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(5),
        {
          timeout: 30_000,
          interval: 20,
        },
      );

      const refused = await save(concertIds.at(-1)!);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await refused.json()).toEqual({ message: expect.any(String) });
      // The session cannot be read either: still a 503, never a 500.
      const me = await fetch(`${base}/api/user`, { headers: { cookie } });
      expect(me.status).toBe(503);
      expect(me.headers.get('retry-after')).toBe('5');
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect((await fetch(`${base}/api/concerts`)).status).toBe(200);

      const acknowledgedBeforeRestart = acknowledged.length;
      await own.start();
      await vi.waitFor(
        () => expect(acknowledged.length).toBeGreaterThan(acknowledgedBeforeRestart),
        {
          timeout: 15_000,
          interval: 20,
        },
      );
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      writing = false;
      await writer;

      expect(new Set(statuses)).toEqual(new Set([201, 503]));
      const check = connect();
      try {
        const saved = await check.db
          .select({ concertId: concertWishlist.concertId })
          .from(concertWishlist)
          .where(
            and(
              eq(concertWishlist.userId, userId),
              inArray(concertWishlist.concertId, acknowledged),
            ),
          );
        expect(saved.map((row) => row.concertId).sort()).toEqual([...acknowledged].sort());
      } finally {
        await check.close();
      }
      expect(encore.child.exitCode).toBeNull();
    });
  },
);
