// The home-screen icons of the web app manifest (public/manifest.webmanifest), drawn from
// the same mark as public/favicon.svg: 192 and 512 px with rounded corners, and a maskable
// 512 px whose mark keeps inside the central 80 % a launcher's mask may leave. Run it after
// changing the mark: node scripts/make-icons.mjs
import sharp from 'sharp';

const gradient = `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#c026d3"/></linearGradient>`;
const bars = `<g stroke="#fff" stroke-width="2.6" stroke-linecap="round">
  <path d="M9 13v6"/><path d="M13.7 9v14"/><path d="M18.3 11.5v9"/><path d="M23 14v4"/></g>`;

/** The mark on a 32-unit square; `inset` shrinks it toward the centre (maskable safe zone). */
function icon({ rounded, inset }) {
  const scale = 1 - 2 * inset;
  const offset = 32 * inset;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><defs>${gradient}</defs>
    <rect width="32" height="32" ${rounded ? 'rx="8"' : ''} fill="url(#g)"/>
    <g transform="translate(${offset} ${offset}) scale(${scale})">${bars}</g></svg>`;
}

const outputs = [
  { file: 'public/icons/icon-192.png', size: 192, rounded: true, inset: 0 },
  { file: 'public/icons/icon-512.png', size: 512, rounded: true, inset: 0 },
  { file: 'public/icons/icon-maskable-512.png', size: 512, rounded: false, inset: 0.12 },
];
for (const { file, size, ...shape } of outputs) {
  await sharp(Buffer.from(icon(shape)), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(file);
}
