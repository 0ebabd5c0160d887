/**
 * GET /api/search (decision 0029): artists, venues and concerts for anyone, people for a
 * signed-in viewer only (never one who blocked them, or whom they blocked).
 */
import {
  SEARCH_PAGE_DEFAULT,
  SEARCH_RESULTS_MAX,
  SEARCH_SUGGESTIONS_PER_GROUP,
  type SearchGroups,
  type SearchPage,
  type SearchQuery,
  type SearchType,
} from '#shared/schemas/search';
import { badRequest, unauthorized } from '#server/http-error.ts';
import { todayIso } from '#server/lib/dates.ts';
import { isSignedIn, type ServiceContext } from '#server/lib/service-context.ts';
import { findPeopleForgivingly } from '../users/index.ts';
import { artistsMatching, concertsMatching, venuesMatching, type SearchWindow } from './queries.ts';

export const PEOPLE_NEED_SIGN_IN = 'Sign in to search for people';

/** One group's hits for the text, in its window. */
async function hitsOf(ctx: ServiceContext, type: SearchType, text: string, window: SearchWindow) {
  switch (type) {
    case 'artists':
      return artistsMatching(ctx.db, text, window);
    case 'venues':
      return venuesMatching(ctx.db, text, window);
    case 'concerts':
      return concertsMatching(ctx.db, text, todayIso(), window);
    case 'people':
      if (!isSignedIn(ctx)) return [];
      return findPeopleForgivingly(ctx, text, window);
  }
}

export async function search(
  ctx: ServiceContext,
  query: SearchQuery,
): Promise<SearchGroups | SearchPage> {
  const { q: text, type } = query;
  if (!type) {
    const window = { limit: query.limit ?? SEARCH_SUGGESTIONS_PER_GROUP, offset: 0 };
    const [artists, venues, concerts, people] = await Promise.all([
      artistsMatching(ctx.db, text, window),
      venuesMatching(ctx.db, text, window),
      concertsMatching(ctx.db, text, todayIso(), window),
      isSignedIn(ctx) ? findPeopleForgivingly(ctx, text, window) : [],
    ]);
    return { artists, venues, concerts, people };
  }
  if (type === 'people' && !isSignedIn(ctx)) throw unauthorized(PEOPLE_NEED_SIGN_IN);
  const limit = query.limit ?? SEARCH_PAGE_DEFAULT;
  const offset = Number(query.cursor ?? 0);
  if (offset >= SEARCH_RESULTS_MAX) {
    throw badRequest(`cursor: a search pages through its first ${SEARCH_RESULTS_MAX} results`);
  }
  // One more than the page: whether a next page exists.
  const rows = await hitsOf(ctx, type, text, { limit: limit + 1, offset });
  const more = rows.length > limit && offset + limit < SEARCH_RESULTS_MAX;
  return {
    type,
    items: rows.slice(0, limit),
    nextCursor: more ? String(offset + limit) : null,
  } as SearchPage;
}
