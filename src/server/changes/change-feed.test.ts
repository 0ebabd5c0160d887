/**
 * Instances sharing one PostgreSQL database: a write through one drops the cached reads
 * it made stale on the others within a second, not after their cache runs out.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConcertListItem } from '#shared/schemas/concerts';
import { apiClient } from '../testing/api-client.ts';
import { useFakeTicketmaster } from '../testing/fake-providers.ts';
import { buildTestApp } from '../testing/test-app.ts';
import { useTestApp } from '../testing/use-test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';
import { changeFeedOf } from './change-feed.ts';

// PGlite is one process's database: there is no other instance to tell.
describe.skipIf(testDatabaseKind() !== 'postgres')('two instances on one database', () => {
  const ticketmaster = useFakeTicketmaster();
  let second: FastifyInstance;
  const env = () => ({
    // Long enough that only the feed can explain a fresh answer.
    RESPONSE_CACHE_SECONDS: '300',
    TICKETMASTER_API_KEY: 'tm-key',
    TICKETMASTER_BASE_URL: ticketmaster.baseUrl,
  });

  const first = useTestApp(() => ({ env: env() }));

  beforeAll(async () => {
    second = await buildTestApp(first.db(), {
      env: env(),
      deps: { changeFeed: changeFeedOf(first.database) },
    });
    await second.ready();
  });
  afterAll(() => second?.close());

  const artistsOn = async (app: FastifyInstance, url: string) =>
    (await apiClient(app).get<ConcertListItem[]>(url)).body.map((c) => c.artist);

  it('drops the other instance’s cached lists within a second of a write', async () => {
    // The reference Ticketmaster event is on 2026-07-18.
    const url = '/api/concerts?startDate=2026-07-01&endDate=2026-07-31';
    expect(await artistsOn(second, url)).not.toContain('The Velvet Lanterns');

    const { api } = await first.person();
    const saved = await api.post('/api/wishlist', { concertId: 'tm_vvG1IZ94kQpXa7' });
    expect(saved.status).toBe(201);

    const deadline = Date.now() + 1_000;
    let artists = await artistsOn(second, url);
    while (!artists.includes('The Velvet Lanterns') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      artists = await artistsOn(second, url);
    }
    expect(artists).toContain('The Velvet Lanterns');
  });

  it('tells other instances at commit, and nothing of a write that rolled back', async () => {
    const heard: { tags: string[]; jobs: string[] }[] = [];
    const stop = await changeFeedOf(first.database)!.subscribe({
      onTags: (tags) => heard.push({ tags, jobs: [] }),
      onJobs: (jobs) => heard.push({ tags: [], jobs }),
      onGap: () => {},
      onError: () => {},
    });
    try {
      await expect(
        first.app.writer.write(async (_tx, changes) => {
          changes.record({ kind: 'user', userId: 'rolled-back' });
          changes.record({ kind: 'files-released', keys: ['ab/rolled-back.webp'] });
          throw new Error('the write fails');
        }),
      ).rejects.toThrow('the write fails');
      await first.app.writer.write(async (_tx, changes) => {
        changes.record({ kind: 'user', userId: 'committed' });
      });
      // Notices arrive in commit order: had the first write sent one, it would be here first.
      await vi.waitFor(() => expect(heard.length).toBeGreaterThan(0), { interval: 10 });
      expect(heard).toEqual([{ tags: ['user:committed'], jobs: [] }]);
    } finally {
      await stop();
    }
  });
});
