/**
 * Draws a year's picture, on a worker thread of the pool in image.ts: laid out by satori
 * (flexbox to SVG) and drawn by resvg (SVG to PNG), on the server, so a link preview shows
 * it without running any script (docs/decisions/0010-year-images-satori-resvg.md). Drawing
 * one holds its thread for a quarter of a second, which on the event loop would hold every
 * request. The font ships with the dependencies (@fontsource/inter), so a fresh `npm ci`
 * is all a machine needs. Imports nothing of the app's (picture.ts is types and numbers):
 * a thread loads only this and its libraries.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { YEAR_IMAGE_HEIGHT, YEAR_IMAGE_WIDTH, type YearPicture } from './picture.ts';

const require = createRequire(import.meta.url);
type FontWeight = 400 | 700;
const FONT_FILES: { file: string; weight: FontWeight }[] = [
  { file: '@fontsource/inter/files/inter-latin-400-normal.woff', weight: 400 },
  { file: '@fontsource/inter/files/inter-latin-700-normal.woff', weight: 700 },
  { file: '@fontsource/inter/files/inter-latin-ext-400-normal.woff', weight: 400 },
  { file: '@fontsource/inter/files/inter-latin-ext-700-normal.woff', weight: 700 },
];

let fonts: Promise<{ name: string; data: Buffer; weight: FontWeight; style: 'normal' }[]> | null =
  null;
const loadFonts = () =>
  (fonts ??= Promise.all(
    FONT_FILES.map(async ({ file, weight }) => ({
      name: 'Inter',
      data: await readFile(require.resolve(file)),
      weight,
      style: 'normal' as const,
    })),
  ));

/** A satori element: what JSX would make, written without JSX on the server. */
interface Node {
  type: string;
  props: { style?: Record<string, unknown>; children?: Node | string | (Node | string)[] };
}
const box = (style: Record<string, unknown>, ...children: (Node | string)[]): Node => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

const PADDING = 64;
const MONTHS = 'JFMAMJJASOND'.split('');
const shorten = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

function figure(value: number, label: string): Node {
  return box(
    { flexDirection: 'column', alignItems: 'flex-start', marginRight: 56 },
    box({ fontSize: 72, fontWeight: 700, color: '#ffffff' }, String(value)),
    box({ fontSize: 26, color: '#c4b5fd' }, label),
  );
}

function layout(year: YearPicture): Node {
  const highest = Math.max(1, ...year.months);
  const lines: (Node | string)[] = [];
  if (year.topShow) {
    lines.push(
      box(
        { fontSize: 28, color: '#e9d5ff' },
        `Top show: ${shorten(year.topShow.artist, 40)} at ${shorten(year.topShow.venue, 30)} (${year.topShow.overallRating}/5)`,
      ),
    );
  }
  if (year.mostSeenArtist) {
    lines.push(
      box(
        { fontSize: 28, color: '#e9d5ff', marginTop: 8 },
        `Most seen: ${shorten(year.mostSeenArtist.name, 40)} (${year.mostSeenArtist.shows} ${year.mostSeenArtist.shows === 1 ? 'show' : 'shows'})`,
      ),
    );
  }
  return box(
    {
      width: YEAR_IMAGE_WIDTH,
      height: YEAR_IMAGE_HEIGHT,
      flexDirection: 'column',
      padding: PADDING,
      backgroundColor: '#1e1b4b',
      backgroundImage: 'linear-gradient(135deg, #312e81 0%, #1e1b4b 55%, #0f172a 100%)',
      fontFamily: 'Inter',
      color: '#ffffff',
    },
    box(
      { flexDirection: 'column' },
      box({ fontSize: 30, color: '#c4b5fd' }, `Encore · Year in review`),
      box(
        { fontSize: 60, fontWeight: 700, marginTop: 8 },
        `${shorten(year.name, 32)}'s ${year.year}`,
      ),
    ),
    box(
      {
        flexDirection: 'row',
        alignItems: 'flex-end',
        justifyContent: 'space-between',
        width: YEAR_IMAGE_WIDTH - 2 * PADDING,
        marginTop: 72,
      },
      box(
        { flexDirection: 'column' },
        box(
          { flexDirection: 'row', marginBottom: 28 },
          figure(year.showsAttended, year.showsAttended === 1 ? 'show' : 'shows'),
          figure(year.artists, year.artists === 1 ? 'artist' : 'artists'),
          figure(year.venues, year.venues === 1 ? 'venue' : 'venues'),
          figure(year.cities, year.cities === 1 ? 'city' : 'cities'),
        ),
        ...lines,
      ),
      box(
        { flexDirection: 'row', alignItems: 'flex-end', height: 160 },
        ...year.months.map((count, index) =>
          box(
            { flexDirection: 'column', alignItems: 'center', marginLeft: 6 },
            box({
              width: 18,
              height: Math.max(4, Math.round((count / highest) * 120)),
              backgroundColor: count > 0 ? '#a78bfa' : '#4c4a7a',
              borderRadius: 4,
            }),
            box({ fontSize: 16, color: '#c4b5fd', marginTop: 6 }, MONTHS[index]!),
          ),
        ),
      ),
    ),
  );
}

/** The year's picture as PNG bytes: what the pool's thread runs for each task. */
export default async function drawYearPicture(year: YearPicture): Promise<Uint8Array> {
  const svg = await satori(layout(year) as Parameters<typeof satori>[0], {
    width: YEAR_IMAGE_WIDTH,
    height: YEAR_IMAGE_HEIGHT,
    fonts: await loadFonts(),
  });
  return new Resvg(svg, { fitTo: { mode: 'width', value: YEAR_IMAGE_WIDTH } }).render().asPng();
}
