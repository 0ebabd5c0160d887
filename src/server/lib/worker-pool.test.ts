/**
 * The worker-thread pool: a task runs on a thread (here the year picture's, a real one),
 * and past its queue a task is refused at once rather than left to wait.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { YearPicture } from '../modules/years/picture.ts';
import { createWorkerPool, WorkerPoolBusy } from './worker-pool.ts';

const pool = createWorkerPool<YearPicture, Uint8Array>({
  source: new URL('../modules/years/image-worker.ts', import.meta.url),
  built: 'year-image-worker.js',
  maxThreads: 1,
  maxQueue: 1,
});
afterAll(() => pool.close());

const picture = (year: number): YearPicture => ({
  name: 'Ada',
  year,
  showsAttended: 1,
  artists: 1,
  venues: 1,
  cities: 1,
  months: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  topShow: null,
  mostSeenArtist: null,
});

describe('a worker pool', () => {
  it('runs tasks on its threads and refuses one past its queue at once', async () => {
    const running = pool.run(picture(2020));
    const waiting = pool.run(picture(2021));
    await expect(pool.run(picture(2022))).rejects.toBeInstanceOf(WorkerPoolBusy);
    for (const png of await Promise.all([running, waiting])) {
      expect(Buffer.from(png).subarray(1, 4).toString()).toBe('PNG');
    }
    // With the queue empty again, it takes tasks again.
    expect((await pool.run(picture(2023))).byteLength).toBeGreaterThan(0);
  });
});
