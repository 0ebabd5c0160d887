import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DiaryImport } from '#shared/schemas/imports';
import { attendance, concerts, diaryImports, setlists } from '#server/db/schema.ts';
import { daysFromToday } from '#server/db/seed/factories.ts';
import { apiClient } from '#server/testing/api-client.ts';
import {
  setlistFmSetlist,
  useFakeSetlistFm,
  type SetlistBody,
} from '#server/testing/fake-providers.ts';
import { jobsSettled } from '#server/testing/jobs.ts';
import { useTestApp } from '#server/testing/use-test-app.ts';

const setlistfm = useFakeSetlistFm();

const server = useTestApp(() => ({
  env: {
    SETLISTFM_API_KEY: 'sfm-key',
    SETLISTFM_BASE_URL: setlistfm.baseUrl,
    // A retry comes a second after a failure, then two; the third failure is the last.
    JOB_RETRY_LIMIT: '2',
    JOB_RETRY_DELAY_SECONDS: '1',
    JOB_POLL_SECONDS: '0.5',
    IMPORTS_PER_USER_PER_DAY: '3',
  },
  deps: { providerTuning: { setlistfm: { timeoutMs: 5000, cooldownMs: 0, burst: 100 } } },
}));
const { db, person } = server;

const IMPORTS = '/api/users/me/imports';
let users = 0;

/** A setlist.fm user with `count` past shows, newest first, each its own concert. */
function attendedBy(count: number): { username: string; shows: SetlistBody[] } {
  users += 1;
  const username = `fan${users}`;
  const shows = Array.from({ length: count }, (_, index) =>
    setlistFmSetlist({
      id: `u${users}s${index}`,
      date: daysFromToday(-10 - index),
      artist: `Artist ${index % 7}`,
      venue: `Hall ${index % 5}`,
      city: 'Denver',
    }),
  );
  setlistfm.attended.set(username, shows);
  return { username, shows };
}

const concertIds = (shows: SetlistBody[]) => shows.map((show) => `sfm_${show.id}`);

async function marksOf(userId: string) {
  return db()
    .select({ concertId: attendance.concertId, status: attendance.status })
    .from(attendance)
    .where(eq(attendance.userId, userId));
}

async function settledImport(
  api: Awaited<ReturnType<typeof person>>['api'],
  id: string,
): Promise<DiaryImport> {
  await jobsSettled(db(), 30_000);
  const { body } = await api.get<DiaryImport>(`${IMPORTS}/${id}`);
  return body;
}

describe('importing from setlist.fm', () => {
  it('imports every attended show with its setlist and marks it "I was there", counting progress', async () => {
    const { api, user } = await person();
    const { username, shows } = attendedBy(45);
    const started = await api.post<DiaryImport>(IMPORTS, { source: 'setlistfm', username });
    expect(started).toMatchObject({
      status: 202,
      body: {
        source: 'setlistfm',
        label: username,
        status: 'queued',
        total: null,
        processed: 0,
        alreadyInDiary: 0,
        refused: [],
        message: null,
        finishedAt: null,
      },
    });

    const done = await settledImport(api, started.body.id);
    expect(done).toMatchObject({
      status: 'done',
      total: 45,
      processed: 45,
      alreadyInDiary: 0,
      message: null,
      finishedAt: expect.stringMatching(/^\d{4}-/),
    });
    // Three pages of 20, one request each.
    const pages = setlistfm.requestsTo(`/rest/1.0/user/${username}/attended`);
    expect(pages.map((request) => request.query.get('p'))).toEqual(['1', '2', '3']);

    const marks = await marksOf(user.id);
    expect(marks.map((mark) => mark.concertId).sort()).toEqual(concertIds(shows).sort());
    expect(new Set(marks.map((mark) => mark.status))).toEqual(new Set(['attended']));
    const stored = await db()
      .select({ id: concerts.id, artist: concerts.artist, date: concerts.date })
      .from(concerts)
      .where(eq(concerts.id, `sfm_${shows[0]!.id}`));
    expect(stored).toEqual([
      { id: `sfm_${shows[0]!.id}`, artist: 'Artist 0', date: daysFromToday(-10) },
    ]);
    const songs = await db()
      .select({ concertId: setlists.concertId, songs: setlists.songs })
      .from(setlists)
      .where(inArray(setlists.concertId, concertIds(shows)));
    expect(songs).toHaveLength(45);
    expect(songs[0]!.songs).toContain('Lantern Light');

    const listed = await api.get<DiaryImport[]>(IMPORTS);
    expect(listed.body.map((item) => item.id)).toEqual([started.body.id]);
  });

  it('adds nothing twice when run again, counting the shows already in the diary; a "going" mark becomes "I was there"', async () => {
    const { api, user } = await person();
    const { username, shows } = attendedBy(25);
    const first = await api.post<DiaryImport>(IMPORTS, { source: 'setlistfm', username });
    await settledImport(api, first.body.id);
    // One mark turned back into "going", as if marked before the show.
    await db()
      .update(attendance)
      .set({ status: 'going' })
      .where(and(eq(attendance.userId, user.id), eq(attendance.concertId, `sfm_${shows[3]!.id}`)));

    const again = await api.post<DiaryImport>(IMPORTS, { source: 'setlistfm', username });
    expect(again.status).toBe(202);
    expect(await settledImport(api, again.body.id)).toMatchObject({
      status: 'done',
      total: 25,
      processed: 25,
      alreadyInDiary: 24,
    });
    const marks = await marksOf(user.id);
    expect(marks).toHaveLength(25);
    expect(marks.every((mark) => mark.status === 'attended')).toBe(true);
    const rows = await db()
      .select({ id: concerts.id })
      .from(concerts)
      .where(inArray(concerts.id, concertIds(shows)));
    expect(rows).toHaveLength(25);
  });

  it('ends failed, naming the user, when setlist.fm knows no such user', async () => {
    const { api, user } = await person();
    const started = await api.post<DiaryImport>(IMPORTS, {
      source: 'setlistfm',
      username: 'nobody-here',
    });
    expect(await settledImport(api, started.body.id)).toMatchObject({
      status: 'failed',
      message: 'No setlist.fm user is called "nobody-here"',
      processed: 0,
      finishedAt: expect.any(String),
    });
    expect(await marksOf(user.id)).toEqual([]);
  });

  it('goes on from the page it reached when setlist.fm fails mid-import, and has every show once', async () => {
    const { api, user } = await person();
    const { username, shows } = attendedBy(45);
    // Page 2 fails twice: the first run and the first retry stop there; the second retry finishes.
    setlistfm.failingAttendedPages.set(2, 2);
    try {
      const started = await api.post<DiaryImport>(IMPORTS, { source: 'setlistfm', username });
      expect(await settledImport(api, started.body.id)).toMatchObject({
        status: 'done',
        total: 45,
        processed: 45,
        alreadyInDiary: 0,
      });
    } finally {
      setlistfm.failingAttendedPages.clear();
    }
    const pages = setlistfm
      .requestsTo(`/rest/1.0/user/${username}/attended`)
      .map((request) => request.query.get('p'));
    // Page 1 once: each retry went on from page 2.
    expect(pages).toEqual(['1', '2', '2', '2', '3']);
    const marks = await marksOf(user.id);
    expect(marks.map((mark) => mark.concertId).sort()).toEqual(concertIds(shows).sort());
  });

  it('ends failed once the retries are spent, and a second import finishes the rest', async () => {
    const { api, user } = await person();
    const { username, shows } = attendedBy(45);
    setlistfm.failingAttendedPages.set(2, 3);
    let first: DiaryImport;
    try {
      const started = await api.post<DiaryImport>(IMPORTS, { source: 'setlistfm', username });
      first = await settledImport(api, started.body.id);
    } finally {
      setlistfm.failingAttendedPages.clear();
    }
    expect(first).toMatchObject({
      status: 'failed',
      processed: 20,
      total: 45,
      message:
        'setlist.fm did not answer, so 20 of 45 shows were imported; try again later to import the rest',
    });
    expect(await marksOf(user.id)).toHaveLength(20);

    const again = await api.post<DiaryImport>(IMPORTS, { source: 'setlistfm', username });
    expect(again.status).toBe(202);
    expect(await settledImport(api, again.body.id)).toMatchObject({
      status: 'done',
      processed: 45,
      alreadyInDiary: 20,
    });
    const marks = await marksOf(user.id);
    expect(marks.map((mark) => mark.concertId).sort()).toEqual(concertIds(shows).sort());
  });
});

describe('starting an import', () => {
  it('answers 400 naming the field for a missing username or another source', async () => {
    const { api } = await person();
    const missing = await api.post<{ message: string }>(IMPORTS, { source: 'setlistfm' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/username/);
    const other = await api.post<{ message: string }>(IMPORTS, { source: 'lastfm', username: 'x' });
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/source/);
    expect((await api.get<DiaryImport[]>(IMPORTS)).body).toEqual([]);
  });

  it('keeps one import at a time: of 10 started at once one is queued, the others 409', async () => {
    const { api } = await person();
    const { username } = attendedBy(3);
    // The first import waits for two retries (3 s), so it is still running when the others come.
    setlistfm.failingAttendedPages.set(1, 2);
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          api.post<{ message: string }>(IMPORTS, { source: 'setlistfm', username }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([202, ...Array<number>(9).fill(409)]);
      for (const refused of answers.filter((answer) => answer.status === 409)) {
        expect(refused.body).toEqual({ message: 'An import is already running' });
      }
      await jobsSettled(db(), 30_000);
    } finally {
      setlistfm.failingAttendedPages.clear();
    }
    const imports = (await api.get<DiaryImport[]>(IMPORTS)).body;
    expect(imports).toMatchObject([{ status: 'done', processed: 3 }]);
  });

  it('fails an import left queued without a step for 30 minutes when its owner starts another', async () => {
    const { api, user } = await person();
    const { username } = attendedBy(2);
    const [lost] = await db()
      .insert(diaryImports)
      .values({
        userId: user.id,
        source: 'setlistfm',
        label: username,
        status: 'running',
        updatedAt: new Date(Date.now() - 31 * 60 * 1000),
      })
      .returning({ id: diaryImports.id });
    const started = await api.post<DiaryImport>(IMPORTS, { source: 'setlistfm', username });
    expect(started.status).toBe(202);
    expect(await settledImport(api, started.body.id)).toMatchObject({
      status: 'done',
      processed: 2,
    });
    expect((await api.get<DiaryImport>(`${IMPORTS}/${lost!.id}`)).body).toMatchObject({
      status: 'failed',
      message: 'This import stopped before it was done; start it again to finish it',
    });
  });

  it('refuses a person past their imports of the day with 429 and Retry-After', async () => {
    const { api } = await person();
    const { username } = attendedBy(1);
    for (let i = 0; i < 3; i++) {
      const started = await api.post<DiaryImport>(IMPORTS, { source: 'setlistfm', username });
      expect(started.status).toBe(202);
      await settledImport(api, started.body.id);
    }
    const refused = await api.post<{ message: string }>(IMPORTS, { source: 'setlistfm', username });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/imports today/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60 * 60);
    expect((await api.get<DiaryImport[]>(IMPORTS)).body).toHaveLength(3);
  });

  it('shows one’s own import only: someone else’s is 404, a visitor gets 401', async () => {
    const owner = await person();
    const other = await person();
    const { username } = attendedBy(1);
    const started = await owner.api.post<DiaryImport>(IMPORTS, { source: 'setlistfm', username });
    await jobsSettled(db(), 30_000);
    expect((await other.api.get(`${IMPORTS}/${started.body.id}`)).status).toBe(404);
    expect((await other.api.get<DiaryImport[]>(IMPORTS)).body).toEqual([]);
    expect((await apiClient(server.app).get(`${IMPORTS}/${started.body.id}`)).status).toBe(401);
    expect(
      (await apiClient(server.app).post(IMPORTS, { source: 'setlistfm', username })).status,
    ).toBe(401);
  });
});
