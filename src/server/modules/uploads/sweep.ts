/** Uploads nobody used in time go, with their files. */
import type { UploadLimits } from '#server/config.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { deleteUnusedUploads, type UploadFileKeys } from './queries.ts';

const SWEEP_BATCH = 500;

/** Removes uploads nobody used within the allowed time, a batch at a time. */
export async function sweepUnusedUploads(
  ctx: Pick<ServiceContext, 'db' | 'files'>,
  limits: Pick<UploadLimits, 'unattachedTtlMs'>,
  now: Date = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - limits.unattachedTtlMs);
  let removed = 0;
  for (;;) {
    const rows = await deleteUnusedUploads(ctx.db, before, SWEEP_BATCH);
    await ctx.files.remove(storedKeysOf(rows));
    removed += rows.length;
    if (rows.length < SWEEP_BATCH) return removed;
  }
}

/** Every file of the uploads: served ones, and the original of one still processing. */
export function storedKeysOf(rows: readonly UploadFileKeys[]): string[] {
  return rows.flatMap((row) =>
    [row.fileKey, row.thumbnailKey, row.originalKey].filter((key) => key !== null),
  );
}
