/** Find Friends: people whose username or name holds a term, best matches first. */
import { desc, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '#server/db/index.ts';
import { forgivingMatch } from '#server/lib/forgiving-match.ts';
import { notBlockedBetween } from '../blocks.ts';
import { listed as u, shownPerson, summaryColumns } from './summaries.ts';

type Db = Database | Tx;

/** `%`, `_` and `\` are wildcards or the escape in LIKE; a search for them means them. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * How `term` is looked for in search_text (lowercased username and names, so LIKE finds
 * what ILIKE would) through users_search_trgm_idx. A term of 3 characters or more may sit
 * anywhere. Two characters hold no trigram, so "anywhere" would read every person; they
 * match where a username or name starts instead, which the index serves through the
 * trigrams of a word's start.
 */
function searchTextMatches(term: string): SQL {
  const escaped = escapeLike(term);
  if (term.length >= 3) return sql`${u.searchText} LIKE ${`%${escaped}%`}`;
  return sql`(${u.searchText} LIKE ${`${escaped}%`} OR ${u.searchText} LIKE ${`% ${escaped}%`})`;
}

/**
 * Find Friends looks in tiers, best matches first: usernames that start with the term
 * (the exact username sorts first of them), then first names, then last names that start
 * with it, each in name order from a text_pattern_ops index under the LIMIT; only then
 * people who hold the term anywhere else (users_search_trgm_idx), in name order. A search
 * stops at the first tier that fills the page, so a common name (3,000 people called Yuki)
 * costs a page of index entries rather than a ranking of everyone it matches.
 */
export const SEARCH_TIERS = ['username', 'first-name', 'last-name', 'anywhere'] as const;
export type SearchTier = (typeof SEARCH_TIERS)[number];

/** Which people a tier holds and in what order; each leaves out those of the tiers before. */
function searchTier(tier: SearchTier, term: string): { where: SQL; order: SQL } {
  const prefix = `${escapeLike(term)}%`;
  const byUsername = sql`${u.username} LIKE ${prefix}`;
  const byFirstName = sql`lower(${u.firstName}) LIKE ${prefix}`;
  const byLastName = sql`lower(${u.lastName}) LIKE ${prefix}`;
  const not = (condition: SQL) => sql`(${condition}) IS NOT TRUE`;
  switch (tier) {
    case 'username':
      return { where: byUsername, order: sql`${u.username} USING ~<~, ${u.id}` };
    case 'first-name':
      return {
        where: sql`${byFirstName} AND ${not(byUsername)}`,
        order: sql`lower(${u.firstName}) USING ~<~, lower(${u.lastName}) USING ~<~, ${u.id}`,
      };
    case 'last-name':
      return {
        where: sql`${byLastName} AND ${not(byUsername)} AND ${not(byFirstName)}`,
        order: sql`lower(${u.lastName}) USING ~<~, lower(${u.firstName}) USING ~<~, ${u.id}`,
      };
    case 'anywhere':
      return {
        where: sql`${searchTextMatches(term)} AND ${not(byUsername)} AND ${not(byFirstName)}
                   AND ${not(byLastName)}`,
        // In name order too, so a fragment inside many names (4,000 people hold "ohe") reads
        // the name index until the page is full; a rare one reads the trigram index.
        order: sql`lower(${u.firstName}) USING ~<~, lower(${u.lastName}) USING ~<~, ${u.id}`,
      };
  }
}

/**
 * One tier of Find Friends for `term` (already lowercased and trimmed), without the viewer.
 * Planned for its term (a LIKE prefix becomes an index range); the bench runs it too.
 */
export function searchTierStatement(
  db: Db,
  tier: SearchTier,
  term: string,
  viewerId: string,
  limit: number,
) {
  const { where, order } = searchTier(tier, term);
  return db
    .select(summaryColumns(viewerId))
    .from(u)
    .where(
      sql`${where} AND ${u.id} <> ${viewerId} AND ${notBlockedBetween(viewerId, sql`${u.id}`)}`,
    )
    .orderBy(order)
    .limit(limit);
}

/**
 * People whose username or name holds `term`, best matches first (SEARCH_TIERS).
 * `onTier` hears the LIMIT of each tier statement sent (the bench's ceiling sends the same).
 */
export async function searchPeople(
  db: Db,
  term: string,
  viewerId: string,
  limit: number,
  onTier?: (tierLimit: number) => void,
) {
  const found: Awaited<ReturnType<typeof searchTierStatement>> = [];
  const seen = new Set<string>();
  for (const tier of SEARCH_TIERS) {
    onTier?.(limit - found.length);
    const rows = await searchTierStatement(db, tier, term, viewerId, limit - found.length);
    // Someone renamed between two statements could be in both.
    for (const row of rows) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      found.push(shownPerson(row));
    }
    if (found.length >= limit) break;
  }
  return found;
}

/**
 * People as the one search finds them (modules/search): by their folded names and username
 * (users.search_key, users_search_key_idx), forgiving accents, punctuation and a typo, best
 * match first, then the most followed. Never the viewer, nor anyone either of them blocked;
 * private people are found by name like everyone else.
 */
export function forgivingPeopleStatement(
  db: Db,
  text: string,
  viewerId: string,
  page: { limit: number; offset: number },
) {
  const match = forgivingMatch(sql`${u.searchKey}`, text);
  return db
    .select(summaryColumns(viewerId))
    .from(u)
    .where(
      sql`${match.where} AND ${u.id} <> ${viewerId} AND ${notBlockedBetween(viewerId, sql`${u.id}`)}`,
    )
    .orderBy(...match.order, desc(u.followersCount), u.id)
    .limit(page.limit)
    .offset(page.offset);
}
