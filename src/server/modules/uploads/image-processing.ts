/**
 * Photos are never served as sent: each is decoded and written anew, turned upright by
 * its orientation tag, with every piece of metadata (EXIF, GPS, camera serials) left
 * behind, at a display size and as a thumbnail. Decoding is CPU work, done by a job after
 * the upload, and a small queue bounds how many images are worked on at once. The upload
 * request only reads the header, which costs no decoding.
 */
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import type { Sharp, SharpOptions } from 'sharp';
import { HttpError } from '#server/http-error.ts';

type SharpFactory = (input: string, options: SharpOptions) => Sharp;
let loadingSharp: Promise<SharpFactory> | undefined;

/**
 * sharp is loaded with the first photo, not at start: libvips adds about 30 MB to the
 * resident memory of a server that may never see an upload.
 */
function loadSharp(): Promise<SharpFactory> {
  loadingSharp ??= import('sharp').then(({ default: sharp }) => {
    // Decoded pixels are not kept between images: uploads are one-offs.
    sharp.cache(false);
    return sharp;
  });
  return loadingSharp;
}

/** Bigger than any phone camera; a file claiming more pixels is refused before decoding. */
const MAX_INPUT_PIXELS = 80_000_000;

export interface ImageVariant {
  /** Fit inside (display) or cover (thumbnail, profile picture) a square of this side. */
  side: number;
  fit: 'inside' | 'cover';
  quality: number;
}

export const REVIEW_PHOTO_VARIANTS = {
  display: { side: 1600, fit: 'inside', quality: 82 },
  thumbnail: { side: 400, fit: 'cover', quality: 75 },
} as const satisfies Record<string, ImageVariant>;

export const PROFILE_IMAGE_VARIANTS = {
  display: { side: 512, fit: 'cover', quality: 85 },
  thumbnail: { side: 128, fit: 'cover', quality: 80 },
} as const satisfies Record<string, ImageVariant>;

type Variants = typeof REVIEW_PHOTO_VARIANTS | typeof PROFILE_IMAGE_VARIANTS;

export class ImageUnreadableError extends Error {}

/**
 * Reads what an image says of itself without decoding it: a file whose header does not
 * parse, or that claims more pixels than any camera makes, is refused while its sender
 * still waits for the answer. Passing says nothing of whether the pixels decode.
 */
export async function checkImageHeader(sourcePath: string): Promise<void> {
  const sharp = await loadSharp();
  let pixels: number;
  try {
    const { width, height } = await sharp(sourcePath, { limitInputPixels: false }).metadata();
    pixels = width * height;
  } catch (error) {
    throw new ImageUnreadableError('the image header could not be read', { cause: error });
  }
  if (!(pixels > 0) || pixels > MAX_INPUT_PIXELS) {
    throw new ImageUnreadableError(`the image claims ${pixels} pixels`);
  }
}

const queue = pLimit(Math.max(1, availableParallelism() - 1));
const MAX_WAITING = 16;

/** Writes the display image and the thumbnail as WebP; resolves to the display size. */
export async function reencodeImage(
  sourcePath: string,
  targets: { display: string; thumbnail: string },
  variants: Variants,
): Promise<{ width: number; height: number }> {
  if (queue.pendingCount >= MAX_WAITING) {
    throw new HttpError(503, 'Too many photos are being processed right now; try again shortly');
  }
  return queue(async () => {
    const sharp = await loadSharp();
    try {
      const upright = sharp(sourcePath, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        // Applies the orientation tag to the pixels; the tag itself goes with the rest.
        .autoOrient();
      const write = (variant: ImageVariant, target: string) =>
        upright
          .clone()
          .resize({
            width: variant.side,
            height: variant.side,
            fit: variant.fit,
            withoutEnlargement: true,
          })
          .webp({ quality: variant.quality })
          .toFile(target);
      const [display] = await Promise.all([
        write(variants.display, targets.display),
        write(variants.thumbnail, targets.thumbnail),
      ]);
      return { width: display.width, height: display.height };
    } catch (error) {
      throw new ImageUnreadableError('the image could not be decoded', { cause: error });
    }
  });
}
