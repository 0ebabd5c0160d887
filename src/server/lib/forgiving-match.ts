/**
 * How the one search compares a text with a folded key (a `search_key` column, migration
 * 0051). Each word of the text is folded the same way (encore_fold: case, accents and
 * punctuation gone), and the key must hold every one of them, in any order: a word of three
 * letters or more where a stretch of the key is like it, a typo or two forgiven (pg_trgm's
 * word similarity, `<%`, which the key's GIN trigram index serves); a shorter one where a
 * word of the key starts with it. So "beyonce paris" finds Beyoncé's show in Paris, and
 * "rad" only names with a word starting so. Ranked: the exact key, then keys starting with
 * the whole text, then the closest to it.
 */
import { and, sql, type SQL } from 'drizzle-orm';

/** More words than this add nothing a name needs, and only cost the statement. */
const WORDS_MAX = 8;
/** Words encore_fold reads as "and". */
const AND_WORDS = new Set(['n', '&', '+']);

/** About how long a word is once folded (its letters and digits). */
function foldedLength(word: string): number {
  const bare = word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/['’`]/g, '')
    .toLowerCase();
  if (AND_WORDS.has(bare)) return 3;
  return bare.replace(/[^\p{L}\p{N}]/gu, '').length;
}

function wordMatches(key: SQL, word: string): SQL {
  // Immutable, so PostgreSQL folds the word once while planning, and the index serves it.
  const folded = sql`encore_fold(${word})`;
  if (foldedLength(word) >= 3) return sql`${folded} <% ${key}`;
  return sql`(${key} LIKE ${folded} || '%' OR ${key} LIKE '% ' || ${folded} || '%')`;
}

export function forgivingMatch(key: SQL, text: string): { where: SQL; order: SQL[] } {
  const words = text
    .trim()
    .split(/\s+/)
    .filter((word) => foldedLength(word) > 0)
    .slice(0, WORDS_MAX);
  const whole = sql`encore_fold(${text})`;
  return {
    // A text without a letter or digit is refused before it gets here; none matches nothing.
    where: and(...words.map((word) => wordMatches(key, word))) ?? sql`false`,
    order: [
      sql`(${key} = ${whole}) DESC`,
      sql`(${key} LIKE ${whole} || '%') DESC`,
      sql`word_similarity(${whole}, ${key}) DESC`,
    ],
  };
}
