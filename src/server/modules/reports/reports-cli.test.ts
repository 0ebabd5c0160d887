/**
 * `npm run reports` as the operator runs it: a process of its own (the sources through tsx,
 * as `npm run reports` runs the build) on an embedded database in a DATA_DIR of its own,
 * which no other process has open.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/index.ts';
import { reports, reviews } from '#server/db/schema.ts';
import { createReview, createUser } from '#server/db/seed/factories.ts';

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, '../../reports-cli.ts');
let dataDir: string;

async function reportsCommand(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', cli, ...args], {
      // A port nothing answers on: no Encore is running on this database.
      env: { PATH: process.env.PATH, NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '9' },
      timeout: 90_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Works on the CLI's database between its runs (one process at a time has it open). */
async function withDatabase<T>(
  work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
) {
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    await database.migrate();
    return await work(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'encore-reports-cli-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('npm run reports', () => {
  it('lists the open reports, removes a reported review, and says what is wrong with a bad command', async () => {
    const { reviewId, reportId } = await withDatabase(async (db) => {
      const author = await createUser(db, { username: 'shop-owner' });
      const reporter = await createUser(db, { username: 'careful-fan' });
      const review = await createReview(db, {
        userId: author.id,
        reviewText: 'Cheap tickets at my shop, every night of the week!',
      });
      const [report] = await db
        .insert(reports)
        .values({
          reporterId: reporter.id,
          targetKind: 'review',
          targetId: review.id,
          reason: 'spam',
          text: 'An advert',
        })
        .returning();
      return { reviewId: review.id, reportId: report!.id };
    });

    const listed = await reportsCommand();
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('1 open report:');
    expect(listed.stdout).toContain(`${reportId}  review ${reviewId}  1 open about it`);
    expect(listed.stdout).toContain('about:    @shop-owner: Cheap tickets at my shop');
    expect(listed.stdout).toContain('reason:   spam — An advert');
    expect(listed.stdout).toMatch(/reporter: @careful-fan, \d+[smhd] ago/);

    // Refused before the database is opened.
    const bad = await reportsCommand('delete', reportId);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Usage: npm run reports [-- dismiss|remove|resolve <report id>]');

    const removed = await reportsCommand('remove', reportId);
    expect(removed).toMatchObject({ code: 0 });
    expect(removed.stdout.trim()).toBe(
      `Actioned 1 open report about review ${reviewId}; the review is deleted.`,
    );
    await withDatabase(async (db) => {
      expect(await db.select().from(reviews).where(eq(reviews.id, reviewId))).toEqual([]);
      const [report] = await db.select().from(reports).where(eq(reports.id, reportId));
      expect(report).toMatchObject({ status: 'actioned' });
      expect(report!.resolvedAt).not.toBeNull();
    });
  }, 300_000);
});
