/** Real photo and video bytes for upload tests, made on the spot. */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** A JPEG that, like a phone photo, is stored sideways with an orientation tag and carries GPS. */
export async function phonePhoto(width = 64, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Copyright: 'Camera Owner', Make: 'PhoneCo' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 3230/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 4366/100',
      },
    })
    .toBuffer();
}

export async function pngImage(width = 20, height = 20): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#3c3a' } })
    .png()
    .toBuffer();
}

/** A PNG whose header reads (20×20) but whose pixels do not decode: its image data is garbled. */
export async function undecodablePng(): Promise<Buffer> {
  const png = Buffer.from(await pngImage());
  const data = png.indexOf('IDAT') + 8;
  png.fill(0x55, data, data + 20);
  return png;
}

/** JPEG's first bytes, which say "JPEG" to a type check, and then no image at all. */
export const JPEG_IN_NAME_ONLY = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from('these are not the pixels of any photo', 'latin1'),
]);

/**
 * Real videos, made once with ffmpeg and kept in videos/ beside this file: a second of
 * `-f lavfi -i testsrc=size=64x48:rate=10:duration=1` as H.264 in MP4 and in MOV (that one
 * 48×64) and as VP8 in WebM; and, to be refused, a black 16×16 H.264 of 601 seconds
 * (`color=size=16x16:rate=1:duration=601`) and one 8000 pixels wide.
 */
const VIDEOS = {
  mp4: 'encore-64x48-1s.mp4',
  mov: 'encore-48x64-1s.mov',
  webm: 'encore-64x48-1s.webm',
  tooLong: 'encore-16x16-601s.mp4',
  tooWide: 'encore-8000x16-1s.mp4',
} as const;

export async function realVideo(kind: keyof typeof VIDEOS): Promise<Buffer> {
  return readFile(path.join(import.meta.dirname, 'videos', VIDEOS[kind]));
}

/**
 * A real MP4 (64×48, one second) padded to `size` bytes with a `free` box, a box any
 * reader skips: a playable video of exactly that size.
 */
export async function mp4Video(size = 8192): Promise<Buffer> {
  const video = await realVideo('mp4');
  const padding = size - video.length;
  if (padding < 8) throw new Error(`an MP4 video is at least ${video.length + 8} bytes here`);
  const free = Buffer.alloc(padding);
  free.writeUInt32BE(padding, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([video, free]);
}

/** An MP4 file's first box (ftyp), which says "MP4" to a type check, then random bytes. */
export function ftypThenNoise(size: number): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftyp', 'latin1'),
    Buffer.from('isom', 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2', 'latin1'),
  ]);
  const bytes = randomBytes(size);
  ftyp.copy(bytes);
  return bytes;
}

export const SVG_IMAGE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
