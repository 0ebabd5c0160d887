/**
 * The shareable picture of a year in review: laid out by satori (flexbox to SVG) and drawn
 * by resvg (SVG to PNG), on the server, so a link preview shows it without running any
 * script (docs/decisions/0010-year-images-satori-resvg.md). The font ships with the
 * dependencies (@fontsource/inter), so a fresh `npm ci` is all a machine needs.
 */
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import type { YearInReview } from '#shared/schemas/years';
import { displayName } from '#shared/user-display';

export const YEAR_IMAGE_WIDTH = 1200;
export const YEAR_IMAGE_HEIGHT = 630;
/** Rendered pictures kept, by what they show: drawing one costs far more than reading the year. */
const RENDERED_KEPT = 64;

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

function layout(year: YearInReview): Node {
  const name = displayName(year.user);
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
      box({ fontSize: 60, fontWeight: 700, marginTop: 8 }, `${shorten(name, 32)}'s ${year.year}`),
    ),
    year.showsAttended === 0
      ? box({ fontSize: 40, color: '#e9d5ff', marginTop: 96 }, `No shows in ${year.year} yet`)
      : box(
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

const rendered = new Map<string, Buffer>();

/** The year's PNG, and a tag that changes whenever what it shows does. */
export async function renderYearImage(year: YearInReview): Promise<{ png: Buffer; etag: string }> {
  const etag = `"${createHash('sha256').update(JSON.stringify(year)).digest('base64url').slice(0, 27)}"`;
  const kept = rendered.get(etag);
  if (kept) return { png: kept, etag };
  const svg = await satori(layout(year) as Parameters<typeof satori>[0], {
    width: YEAR_IMAGE_WIDTH,
    height: YEAR_IMAGE_HEIGHT,
    fonts: await loadFonts(),
  });
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: YEAR_IMAGE_WIDTH } })
    .render()
    .asPng();
  rendered.set(etag, png);
  // Oldest first out: a Map iterates in insertion order.
  if (rendered.size > RENDERED_KEPT) rendered.delete(rendered.keys().next().value!);
  return { png, etag };
}
