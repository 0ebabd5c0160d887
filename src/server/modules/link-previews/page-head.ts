/**
 * Link previews of shared pages: the HTML the server sends for a concert, a review, an
 * artist, a venue and a person's profile names a title, a line and a picture in Open Graph
 * tags, because the previews of chat apps run no scripts. A year in review has its own
 * (years/page-meta.ts), which this hands over to.
 *
 * The tags are read through the same reads as the API, as someone signed out asks them: a
 * preview is seen by whoever the link is sent to, so it shows only what anybody may see,
 * whoever's cookie fetched the HTML. A private person's review, or one whose author is
 * otherwise hidden, reads as not found, and then the tags are the generic ones. Something
 * that is not ours yet (a Ticketmaster or setlist.fm concert) gets the generic tags too:
 * a preview must not spend a provider's call budget.
 */
import { sql } from 'drizzle-orm';
import { idParam } from '#shared/schemas/common';
import { usernameParams } from '#shared/schemas/users';
import { displayName } from '#shared/user-display';
import { users } from '#server/db/schema.ts';
import { HttpError } from '#server/http-error.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { pictureUrl } from '#server/storage/index.ts';
import { getArtistPage, getVenuePage } from '../catalogue/index.ts';
import { getConcertDetail, selectConcertImageUrl } from '../concerts/index.ts';
import { getReview } from '../reviews/index.ts';
import { authorVisibleTo } from '../users/index.ts';
import { yearPageHead } from '../years/index.ts';

export type PageHead = Awaited<ReturnType<typeof yearPageHead>>;

/** What a preview says; image is an absolute URL or absent. */
interface Preview {
  title: string;
  description: string;
  image?: string | null;
  /** The page's own path, for og:url. */
  path: string;
}

const GENERIC_DESCRIPTION =
  'Encore is where live-music fans find concerts near them, save the shows they cannot miss, and share honest reviews of every set.';
/** Chat apps cut a description near here; a review's text is shortened to it. */
const DESCRIPTION_MAX = 200;

type ReadContext = Pick<ServiceContext, 'db' | 'providers' | 'files' | 'log' | 'write'>;

const PREVIEWED: readonly {
  path: RegExp;
  read: (ctx: ServiceContext, segment: string) => Promise<Omit<Preview, 'path'> | undefined>;
}[] = [
  { path: /^\/concerts\/([^/]+)\/?$/, read: concertPreview },
  { path: /^\/reviews\/([^/]+)\/?$/, read: reviewPreview },
  { path: /^\/artists\/([^/]+)\/?$/, read: artistPreview },
  { path: /^\/venues\/([^/]+)\/?$/, read: venuePreview },
  { path: /^\/users\/([^/]+)\/?$/, read: personPreview },
];

const rowId = idParam('id');

/** What the HTML of the page at `url` adds: its preview tags, and whether it was found. */
export async function pageHead(
  ctx: ReadContext & { viewerId: string | undefined },
  publicUrl: string,
  url: string,
): Promise<PageHead> {
  const pathname = url.split('?')[0]!;
  const page = PREVIEWED.find(({ path }) => path.test(pathname));
  if (!page) return yearPageHead(ctx, publicUrl, url);
  const segment = decoded(page.path.exec(pathname)![1]!);
  // Whoever asks, the preview is what someone signed out may see.
  const visitor: ServiceContext = { ...ctx, viewerId: undefined };
  let shown: Omit<Preview, 'path'> | undefined;
  try {
    shown = segment === undefined ? undefined : await page.read(visitor, segment);
  } catch (error) {
    if (!(error instanceof HttpError && error.statusCode < 500)) throw error;
  }
  const base = publicUrl.replace(/\/$/, '');
  return { found: true, meta: metaTags(base, { ...generic, ...shown, path: pathname }) };
}

const generic = { title: 'Encore', description: GENERIC_DESCRIPTION, image: null };

async function concertPreview(ctx: ServiceContext, id: string) {
  if (!rowId.safeParse(id).success) return undefined;
  const concert = await getConcertDetail(ctx, id);
  const day = formatDay(concert.date);
  const rated =
    concert.reviewCount > 0 && concert.averageRatings
      ? ` · ${concert.reviewCount} ${concert.reviewCount === 1 ? 'review' : 'reviews'}, rated ${concert.averageRatings.overall.toFixed(1)}/5`
      : '';
  return {
    title: `${concert.artist} at ${concert.venue}`,
    description: `${day} · ${concert.venue}, ${concert.city}${rated}`,
    image: concert.imageUrl,
  };
}

async function reviewPreview(ctx: ServiceContext, id: string) {
  if (!rowId.safeParse(id).success) return undefined;
  const review = await getReview(ctx, id);
  const photo = review.media.find(
    (item) => item.kind === 'image' && !item.processing && !item.failed,
  );
  return {
    title: `${displayName(review.user)} on ${review.concert.artist} at ${review.concert.venue}`,
    description: `${review.overallRating}/5 · ${shortened(review.reviewText)}`,
    image: photo?.url ?? (await selectConcertImageUrl(ctx.db, review.concertId)),
  };
}

async function artistPreview(ctx: ServiceContext, id: string) {
  const artist = await getArtistPage(ctx, id);
  return {
    title: artist.name,
    description: artist.bio
      ? shortened(artist.bio)
      : `${artist.name} live: shows and reviews from fans on Encore`,
    image: artist.imageUrl,
  };
}

async function venuePreview(ctx: ServiceContext, id: string) {
  const venue = await getVenuePage(ctx, id);
  const place = [venue.city, venue.state].filter(Boolean).join(', ');
  return {
    title: venue.name,
    description: `${place}: shows and reviews from fans on Encore`,
    image: venue.imageUrl,
  };
}

/**
 * A person's name and handle, which anyone who finds them sees; their bio and picture only
 * when their content is visible to someone signed out (the rule of users/visibility.ts).
 */
async function personPreview(ctx: ServiceContext, username: string) {
  const parsed = usernameParams.safeParse({ username });
  if (!parsed.success) return undefined;
  const [person] = await ctx.db
    .select({
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      bio: users.bio,
      profileImageUrl: users.profileImageUrl,
      open: sql<boolean>`${authorVisibleTo(undefined, users.id)}`,
    })
    .from(users)
    .where(sql`${users.username} = lower(${parsed.data.username})`);
  if (!person) return undefined;
  const name = displayName(person);
  const title = `${name} (@${person.username})`;
  if (!person.open) return { title, description: `${name} shares concert reviews on Encore` };
  return {
    title,
    description: person.bio ? shortened(person.bio) : `${name}'s concert reviews on Encore`,
    image: pictureUrl(person.profileImageUrl),
  };
}

function metaTags(base: string, preview: Preview): string {
  const image = absoluteUrl(base, preview.image);
  const tags: [string, string][] = [
    ['og:type', 'website'],
    ['og:site_name', 'Encore'],
    ['og:title', preview.title],
    ['og:description', preview.description],
    ['og:url', `${base}${preview.path}`],
  ];
  if (image) tags.push(['og:image', image]);
  return [
    ...tags.map(
      ([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}">`,
    ),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
  ].join('\n    ');
}

/** Our own paths made absolute; http(s) URLs as they are; anything else (data:, javascript:) dropped. */
function absoluteUrl(base: string, url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  if (url.startsWith('/') && !url.startsWith('//')) return `${base}${url}`;
  return /^https?:\/\//i.test(url) ? url : undefined;
}

function shortened(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

function formatDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return day.toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
