/** Real photo and video bytes for upload tests, made on the spot. */
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

/** The start of an MP4 file (an ftyp box) padded to `size` bytes. */
export function mp4Video(size = 4096, brand: 'isom' | 'qt  ' = 'isom'): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftyp', 'latin1'),
    Buffer.from(brand, 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from(brand === 'isom' ? 'isomiso2' : 'qt  qt  ', 'latin1'),
  ]);
  const video = Buffer.alloc(size);
  ftyp.copy(video);
  return video;
}

export const SVG_IMAGE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
