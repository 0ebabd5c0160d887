import { RATING_MAX } from '#shared/limits';

export type StarFill = 'full' | 'half' | 'empty';

/** The 1-based positions of the stars that are drawn. */
export const STAR_POSITIONS: readonly number[] = Array.from(
  { length: RATING_MAX },
  (_, i) => i + 1,
);

/**
 * docs/product.md §2 "Stars": the star at `position` is filled when the value reaches it, and half
 * filled when the value is within 0.5 below it (so 3.5 draws three full stars and a half).
 */
export function starFill(value: number, position: number): StarFill {
  if (value >= position) return 'full';
  if (value >= position - 0.5) return 'half';
  return 'empty';
}

/** "4.5 out of 5 stars"; whole numbers lose their ".0" and odd values round to one decimal. */
export function starsLabel(value: number): string {
  const clamped = Math.min(Math.max(value, 0), RATING_MAX);
  return `${Number(clamped.toFixed(1))} out of ${RATING_MAX} stars`;
}
