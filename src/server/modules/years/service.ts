/**
 * Year in review: a person's year of shows (docs/product.md "Year in review"). Shown to
 * whoever may see the person's concert history (users/visibility.ts): their own always,
 * anyone's public one signed out; to everyone else it does not exist (404), as the page
 * and its image must not tell a private or hidden history from no person at all. The
 * picture and the page's preview tags follow the same rule for the same viewer.
 */
import type { YearInReview } from '#shared/schemas/years';
import { displayName } from '#shared/user-display';
import { notFound } from '#server/http-error.ts';
import { todayIso } from '#server/lib/dates.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { pictureUrl } from '#server/storage/index.ts';
import { pictureEtag, type ShownYear } from './image.ts';
import { selectYear, selectYearPerson, selectYearsWithShows, type YearPerson } from './queries.ts';

export const YEAR_NOT_FOUND = 'User not found';

/** The person behind the username, if the viewer may see their year; else 404. */
async function visiblePerson(
  ctx: Pick<ServiceContext, 'db' | 'viewerId'>,
  username: string,
): Promise<YearPerson> {
  const person = await selectYearPerson(ctx.db, username, ctx.viewerId);
  if (!person?.visible) throw notFound(YEAR_NOT_FOUND);
  return person;
}

/** GET /api/users/username/{username}/year/{year}. */
export async function getYearInReview(
  ctx: Pick<ServiceContext, 'db' | 'viewerId'>,
  username: string,
  year: number,
): Promise<YearInReview> {
  const person = await visiblePerson(ctx, username);
  const today = todayIso();
  const [row, years] = await Promise.all([
    selectYear(ctx.db, person.id, year, today),
    selectYearsWithShows(ctx.db, person.id, today),
  ]);
  return {
    year,
    user: {
      id: person.id,
      username: person.username,
      firstName: person.first_name,
      lastName: person.last_name,
      profileImageUrl: pictureUrl(person.profile_image_url),
    },
    showsAttended: row.shows_attended,
    showsReviewed: row.shows_reviewed,
    artists: row.artists,
    venues: row.venues,
    cities: row.cities,
    months: row.months,
    averages: row.averages,
    communityAverages: row.community,
    topShow: row.top_show && {
      id: row.top_show.id,
      artist: row.top_show.artist,
      venue: row.top_show.venue,
      city: row.top_show.city,
      date: row.top_show.date,
      overallRating: row.top_show.overall_rating,
    },
    mostSeenArtist: row.most_seen,
    years,
    isPublic: Boolean(person.public),
  };
}

/** GET /api/users/username/{username}/years: the years with shows, newest first. */
export async function getYearsWithShows(
  ctx: Pick<ServiceContext, 'db' | 'viewerId'>,
  username: string,
): Promise<{ years: number[] }> {
  const person = await visiblePerson(ctx, username);
  return { years: await selectYearsWithShows(ctx.db, person.id, todayIso()) };
}

/**
 * What the year's picture shows to this viewer: by the rule of the year itself (404 to
 * whoever may not see it), and only for a year with shows, since an empty one has nothing
 * to share (its page says "No shows in {year} yet").
 */
export async function getYearPicture(
  ctx: Pick<ServiceContext, 'db' | 'viewerId'>,
  username: string,
  year: number,
): Promise<ShownYear> {
  const person = await visiblePerson(ctx, username);
  const row = await selectYear(ctx.db, person.id, year, todayIso());
  if (row.shows_attended === 0) throw notFound(`No shows in ${year}, so no picture of it`);
  const picture = {
    name: displayName({
      username: person.username,
      firstName: person.first_name,
      lastName: person.last_name,
    }),
    year,
    showsAttended: row.shows_attended,
    artists: row.artists,
    venues: row.venues,
    cities: row.cities,
    months: row.months,
    topShow: row.top_show && {
      artist: row.top_show.artist,
      venue: row.top_show.venue,
      overallRating: row.top_show.overall_rating,
    },
    mostSeenArtist: row.most_seen && { name: row.most_seen.name, shows: row.most_seen.shows },
  };
  return {
    userId: person.id,
    picture,
    etag: pictureEtag(picture),
    isPublic: Boolean(person.public),
  };
}
