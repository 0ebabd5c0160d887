import { z } from 'zod';
import { WRITTEN_TEXT_RAW_FACTOR } from '../limits.ts';

/** Every error the API answers has this body. */
export const errorSchema = z.object({ message: z.string() }).meta({ id: 'Error' });
export type ApiError = z.infer<typeof errorSchema>;

/**
 * Control characters other than tab and line breaks. NUL cannot be stored in PostgreSQL
 * text at all, and none of them belongs in anything a person types.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\v\f\u000E-\u001F\u007F]/;
/** Half of a surrogate pair without its other half: not Unicode, and not encodable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text a person could have typed: well-formed Unicode, no control characters. */
export const isCleanText = (value: string) =>
  !CONTROL_CHARACTER.test(value) && !LONE_SURROGATE.test(value);

/** Bidirectional embeddings, overrides and isolates: they make text read in another order than it was written. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/**
 * A mark after four others on one letter: no script stacks more, and more only spill over the
 * lines around. One mark a match, looking back at the four before it, so a long run of marks
 * is read once and never held on the pattern's stack.
 */
const STACKED_MARK = /(?<=\p{M}{4})\p{M}/gu;
/**
 * One character of white space or an invisible one (formatting marks such as zero-width
 * spaces, and the Hangul fillers), read at `lastIndex` (sticky).
 */
const EDGE_INVISIBLE = /[\s\p{Cf}\u115F\u1160\u3164\uFFA0]/uy;

/** Where the character at `index` ends when it is invisible, else -1. */
function invisibleEndingAt(value: string, index: number): number {
  EDGE_INVISIBLE.lastIndex = index;
  return EDGE_INVISIBLE.test(value) ? EDGE_INVISIBLE.lastIndex : -1;
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** Where the character ending at `end` starts: two code units back for a surrogate pair. */
function characterStartBefore(value: string, end: number): number {
  return end >= 2 &&
    isLowSurrogate(value.charCodeAt(end - 1)) &&
    isHighSurrogate(value.charCodeAt(end - 2))
    ? end - 2
    : end - 1;
}

/**
 * `value` without white space and invisible characters at either end: a text of nothing else
 * is empty. Inside a text they stay, because joiners belong in emoji sequences and in several
 * scripts. It steps over them one character at a time from each end, so its time follows the
 * text's length; a pattern anchored at the end would try again from every character of a long
 * run of spaces, in time growing with the square of its length.
 */
export function trimInvisibles(value: string): string {
  let start = 0;
  let next = invisibleEndingAt(value, start);
  while (next !== -1) {
    start = next;
    next = invisibleEndingAt(value, start);
  }
  let end = value.length;
  while (end > start) {
    const last = characterStartBefore(value, end);
    if (invisibleEndingAt(value, last) !== end) break;
    end = last;
  }
  return value.slice(start, end);
}

/** What a person wrote, as it is kept: no bidirectional controls, no piles of marks, trimmed of what cannot be seen. */
export const tidyWrittenText = (value: string) =>
  trimInvisibles(value.replace(BIDI_CONTROLS, '').replace(STACKED_MARK, ''));

/** A text's type: a string, or a 400 naming the field. */
const anyText = (name: string) =>
  z.string({
    error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be text`),
  });

const notAllowed = (name: string) => `${name} contains characters that are not allowed`;

/**
 * Every text the API accepts, in a path, a query or a body, goes through this one rule, so
 * bad text is a 400 naming the field instead of a database error.
 */
export const text = (name: string) => anyText(name).refine(isCleanText, notAllowed(name));

/**
 * The most a written text with a limit of `max` characters may hold as it arrives, before it
 * is tidied: room for the edge spaces, invisible characters and piled marks tidying takes away.
 */
export const rawWrittenTextMax = (max: number) => max * WRITTEN_TEXT_RAW_FACTOR;

/**
 * What people write for others to read (names, reviews, comments, profile fields): `text`,
 * tidied before its length is checked, so text of only invisible characters is empty. Text
 * longer than `rawWrittenTextMax(max)` as it arrives is refused with the same `tooLong` message
 * before anything else reads it (`abort` skips the checks after), so the work done on a text
 * follows its limit, never the size of the request.
 */
export const writtenText = (
  name: string,
  max: number,
  tooLong = `${name} must be at most ${max} characters`,
) =>
  anyText(name)
    .max(rawWrittenTextMax(max), { error: tooLong, abort: true })
    .refine(isCleanText, notAllowed(name))
    .overwrite(tidyWrittenText)
    .max(max, tooLong);

/** `limit` of a paged list: a whole number from 1 to `max`, `fallback` when absent. */
export const limitParam = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(max, `limit must be at most ${max}`)
    .default(fallback);

/** `offset` of a paged list: how many items to skip, at most 10000. */
export const offsetParam = () =>
  z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be at least 0')
    .max(10_000, 'offset must be at most 10000')
    .default(0);

/** One of a fixed set of words in a path, a query or a body: anything else is a 400 listing them. */
export const choiceParam = <const Choices extends readonly [string, ...string[]]>(
  name: string,
  choices: Choices,
) => z.enum(choices, { error: `${name} must be one of ${choices.join(', ')}` });

/** An id of one of our rows (a uuid) in a path or query: anything else is a 400 naming it. */
export const idParam = (name: string) =>
  z.uuid({
    error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be an id`),
  });

/** The path of one of our rows by its id: `/…/{id}`. */
export const idParams = z.object({ id: idParam('id') });

/** A page of a list, newest first: `limit` items from the newest, or from just after `before` (an item's id). */
export const beforeIdPageQuery = (max: number, fallback: number) =>
  z.object({
    limit: limitParam(max, fallback),
    before: idParam('before').optional(),
  });
