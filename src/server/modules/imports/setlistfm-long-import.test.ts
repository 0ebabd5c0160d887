import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { DiaryImport } from '#shared/schemas/imports';
import { executeRows } from '#server/db/index.ts';
import { attendance } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { setlistFmSetlist, useFakeSetlistFm } from '#server/testing/fake-providers.ts';
import { jobsSettled } from '#server/testing/jobs.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const setlistfm = useFakeSetlistFm();

// A run may go on for half the job timeout (500 ms here), and setlist.fm is read at 5
// pages a second: the import's 5 pages take several runs.
const server = useTestApp(() => ({
  env: {
    SETLISTFM_API_KEY: 'sfm-key',
    SETLISTFM_BASE_URL: setlistfm.baseUrl,
    JOB_TIMEOUT_SECONDS: '1',
    JOB_POLL_SECONDS: '0.5',
  },
  deps: {
    providerTuning: {
      setlistfm: { timeoutMs: 5000, cooldownMs: 0, requestsPerSecond: 5, burst: 1, maxWaitMs: 500 },
    },
  },
}));
const { db, person } = server;

it('hands a long import on to new jobs, each going on from the page the last one reached', async () => {
  const { api, user } = await person();
  setlistfm.attended.set(
    'longfan',
    Array.from({ length: 100 }, (_, n) =>
      setlistFmSetlist({ id: `long${n}`, date: daysFromToday(-1 - n) }),
    ),
  );
  const started = await api.post<DiaryImport>('/api/users/me/imports', {
    source: 'setlistfm',
    username: 'longfan',
  });
  await jobsSettled(db(), 30_000);
  const done = await api.get<DiaryImport>(`/api/users/me/imports/${started.body.id}`);
  expect(done.body).toMatchObject({ status: 'done', total: 100, processed: 100 });
  // Every page read; a run the queue took for dead (past its 1 s) may read one again beside
  // the next run, but only one of them writes it: the counts and marks have each show once.
  const pages = setlistfm
    .requestsTo('/rest/1.0/user/longfan/attended')
    .map((request) => request.query.get('p'));
  expect(new Set(pages)).toEqual(new Set(['1', '2', '3', '4', '5']));
  const marks = await db()
    .select({ concertId: attendance.concertId })
    .from(attendance)
    .where(eq(attendance.userId, user.id));
  expect(marks).toHaveLength(100);
  const runs = await executeRows<{ count: number }>(
    db(),
    sql`SELECT count(*)::int AS count FROM pgboss.job
         WHERE name = 'import-setlistfm' AND data->>'importId' = ${started.body.id}`,
  );
  expect(Number(runs[0]!.count)).toBeGreaterThan(1);
});
