/**
 * Link previews of a public year page: the HTML the server sends for
 * /users/{username}/year/{year} names its title and picture in Open Graph tags, because
 * the previews of chat apps and social sites run no scripts. The tags follow the rule of
 * the year's data for the viewer who asks; pages read no session, so that viewer is
 * someone signed out, and only a public year gets them. A year that is not public comes
 * with a 404 status, and the app it carries still shows the year to its owner (and a
 * private person's followers), whose requests for the year's data are signed in. A year
 * without shows has no picture, so its tags name none. Any other page path is sent as built.
 */
import { displayName } from '#shared/user-display';
import { yearParams } from '#shared/schemas/years';
import { HttpError } from '#server/http-error.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { YEAR_IMAGE_HEIGHT, YEAR_IMAGE_WIDTH } from './picture.ts';
import { getYearInReview } from './service.ts';

const YEAR_PAGE = /^\/users\/([^/?#]+)\/year\/([^/?#]+)\/?$/;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export interface PageHead {
  /** False for a year page someone signed out may not see. */
  found: boolean;
  /** The Open Graph tags, or '' when the page is not a public year's. */
  meta: string;
}

const ANY_PAGE: PageHead = { found: true, meta: '' };

/** What the HTML of the page at `url` adds. */
export async function yearPageHead(
  ctx: Pick<ServiceContext, 'db' | 'viewerId'>,
  publicUrl: string,
  url: string,
): Promise<PageHead> {
  const match = YEAR_PAGE.exec(url.split('?')[0]!);
  if (!match) return ANY_PAGE;
  const parsed = yearParams.safeParse({ username: decoded(match[1]!), year: decoded(match[2]!) });
  if (!parsed.success) return ANY_PAGE;
  const { username, year } = parsed.data;
  let shown;
  try {
    shown = await getYearInReview(ctx, username, year);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return { found: false, meta: '' };
    throw error;
  }
  const base = publicUrl.replace(/\/$/, '');
  const handle = encodeURIComponent(shown.user.username);
  const title = `${displayName(shown.user)}'s ${year} in concerts`;
  const hasShows = shown.showsAttended > 0;
  const description = hasShows
    ? `${shown.showsAttended} ${shown.showsAttended === 1 ? 'show' : 'shows'}, ${shown.artists} ${shown.artists === 1 ? 'artist' : 'artists'}, ${shown.venues} ${shown.venues === 1 ? 'venue' : 'venues'} on Encore`
    : `No shows in ${year} yet`;
  const tags: [string, string][] = [
    ['og:type', 'website'],
    ['og:site_name', 'Encore'],
    ['og:title', title],
    ['og:description', description],
    ['og:url', `${base}/users/${handle}/year/${year}`],
  ];
  if (hasShows) {
    tags.push(
      ['og:image', `${base}/api/users/username/${handle}/year/${year}/image.png`],
      ['og:image:type', 'image/png'],
      ['og:image:width', String(YEAR_IMAGE_WIDTH)],
      ['og:image:height', String(YEAR_IMAGE_HEIGHT)],
    );
  }
  const meta = [
    ...tags.map(
      ([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}">`,
    ),
    `<meta name="twitter:card" content="${hasShows ? 'summary_large_image' : 'summary'}">`,
  ].join('\n    ');
  return { found: true, meta };
}

/** index.html with the page's preview tags, placed before </head>. */
export function withPageMeta(indexHtml: string, meta: string): string {
  if (!meta) return indexHtml;
  const at = indexHtml.indexOf('</head>');
  return at === -1
    ? `${meta}${indexHtml}`
    : `${indexHtml.slice(0, at)}${meta}\n  ${indexHtml.slice(at)}`;
}
