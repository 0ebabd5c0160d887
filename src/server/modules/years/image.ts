/**
 * The shareable picture of a year, as the server keeps it. Drawing one holds a thread for
 * about a quarter of a second, so it is drawn on a worker thread (image-worker.ts), stored
 * with the ETag of what it shows (year_images) and served from there while the year shows
 * the same; the pictures served last are kept in memory too. Only drawing costs, so only
 * drawing is limited: YEAR_IMAGE_RENDERS_PER_IP_PER_HOUR per client address, and a queue
 * of a few per thread, past which a request is answered 503 at once rather than kept
 * waiting (docs/decisions/0010-year-images-satori-resvg.md).
 */
import { createHash } from 'node:crypto';
import { HttpError, sqlState } from '#server/http-error.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { countOrRefuse, createThrottle, hourlyRule } from '#server/lib/throttle.ts';
import { createWorkerPool, WorkerPoolBusy } from '#server/lib/worker-pool.ts';
import type { YearPicture } from './picture.ts';
import { selectYearImage, upsertYearImage } from './queries.ts';

/** Changed with the layout of image-worker.ts, so every stored picture is drawn anew. */
const LAYOUT_VERSION = 1;
/** Pictures kept in memory, by ETag, oldest out. */
const KEPT_IN_MEMORY = 64;
/** Pictures that may wait for each thread: about four seconds of drawing. */
const WAITING_PER_THREAD = 16;
const BUSY_RETRY_SECONDS = 5;

/** A year's picture as a viewer may see it: whose, what it shows, and its ETag. */
export interface ShownYear {
  userId: string;
  picture: YearPicture;
  etag: string;
  /** Whether anyone signed out may see it, so a shared cache may keep it. */
  isPublic: boolean;
}

/** The ETag of a picture: a hash of all it shows, and of the layout it is drawn in. */
export function pictureEtag(picture: YearPicture): string {
  const hash = createHash('sha256').update(JSON.stringify([LAYOUT_VERSION, picture]));
  return `"${hash.digest('base64url').slice(0, 27)}"`;
}

/** The throttle key of pictures drawn for one client address. */
const rendersKey = (address: string) => `year-images:${address}`;

export interface YearImagesOptions {
  /** Pictures drawn an hour for one client address (YEAR_IMAGE_RENDERS_PER_IP_PER_HOUR). */
  rendersPerAddressPerHour: number;
  /** Told of each picture drawn (the renders counter of /metrics). */
  onRender(): void;
}

export interface YearImages {
  /** The picture's PNG: kept in memory, else stored, else drawn now for `address`. */
  png(ctx: Pick<ServiceContext, 'db'>, shown: ShownYear, address: string): Promise<Buffer>;
  /** Ends the drawing threads. */
  close(): Promise<void>;
}

export function createYearImages(options: YearImagesOptions): YearImages {
  const pool = createWorkerPool<YearPicture, Uint8Array>({
    source: new URL('./image-worker.ts', import.meta.url),
    built: 'year-image-worker.js',
    maxQueue: WAITING_PER_THREAD,
  });
  const kept = new Map<string, Buffer>();
  /** Pictures being drawn, by whose year and ETag: a request for one joins its drawing. */
  const drawing = new Map<string, Promise<Buffer>>();

  function keep(etag: string, png: Buffer): Buffer {
    kept.delete(etag);
    kept.set(etag, png);
    // Oldest first out: a Map iterates in insertion order.
    if (kept.size > KEPT_IN_MEMORY) kept.delete(kept.keys().next().value!);
    return png;
  }

  async function draw(ctx: Pick<ServiceContext, 'db'>, shown: ShownYear): Promise<Buffer> {
    const drawn = await pool.run(shown.picture);
    options.onRender();
    const png = Buffer.from(drawn.buffer, drawn.byteOffset, drawn.byteLength);
    try {
      await upsertYearImage(ctx.db, shown.userId, shown.picture.year, shown.etag, png);
    } catch (error) {
      // The person was deleted meanwhile: there is nothing to keep the picture for.
      if (sqlState(error) !== '23503') throw error;
    }
    return png;
  }

  /** Counts a drawing against the address, draws, and takes the count back if the pool refused. */
  async function drawFor(
    ctx: Pick<ServiceContext, 'db'>,
    shown: ShownYear,
    address: string,
  ): Promise<Buffer> {
    const key = rendersKey(address);
    await countOrRefuse(ctx.db, 'pictures drawn', [
      hourlyRule(key, options.rendersPerAddressPerHour),
    ]);
    try {
      return await draw(ctx, shown);
    } catch (error) {
      if (!(error instanceof WorkerPoolBusy)) throw error;
      await createThrottle(ctx.db).refund([key]);
      throw new HttpError(
        503,
        'Too many pictures are being drawn right now; try again in a few seconds',
        BUSY_RETRY_SECONDS,
      );
    }
  }

  return {
    async png(ctx, shown, address) {
      const inMemory = kept.get(shown.etag);
      if (inMemory) return inMemory;
      const stored = await selectYearImage(ctx.db, shown.userId, shown.picture.year, shown.etag);
      if (stored) return keep(shown.etag, stored);
      const key = `${shown.userId}:${shown.picture.year}:${shown.etag}`;
      let pending = drawing.get(key);
      if (!pending) {
        pending = drawFor(ctx, shown, address).finally(() => drawing.delete(key));
        drawing.set(key, pending);
      }
      return keep(shown.etag, await pending);
    },
    close: () => pool.close(),
  };
}
