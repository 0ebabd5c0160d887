import { z } from 'zod';

/** Every error the API answers has this body. */
export const errorSchema = z.object({ message: z.string() }).meta({ id: 'Error' });
export type ApiError = z.infer<typeof errorSchema>;

/**
 * Control characters other than tab and line breaks. NUL cannot be stored in PostgreSQL
 * text at all, and none of them belongs in anything a person types.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Half of a surrogate pair without its other half: not Unicode, and not encodable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text a person could have typed: well-formed Unicode, no control characters. */
export const isCleanText = (value: string) =>
  !CONTROL_CHARACTER.test(value) && !LONE_SURROGATE.test(value);

/** Bidirectional embeddings, overrides and isolates: they make text read in another order than it was written. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/**
 * White space and invisible characters (formatting marks such as zero-width spaces, and the
 * Hangul fillers) at either end: a text of nothing else is empty. Inside a text they stay,
 * because joiners belong in emoji sequences and in several scripts.
 */
const EDGE_INVISIBLES =
  /^[\s\p{Cf}\u115F\u1160\u3164\uFFA0]+|[\s\p{Cf}\u115F\u1160\u3164\uFFA0]+$/gu;
/** No script stacks more than four marks on a letter; more only spill over the lines around. */
const STACKED_MARKS = /(\p{M}{4})\p{M}+/gu;

/** What a person wrote, as it is kept: no bidirectional controls, no piles of marks, trimmed of what cannot be seen. */
export const tidyWrittenText = (value: string) =>
  value.replace(BIDI_CONTROLS, '').replace(STACKED_MARKS, '$1').replace(EDGE_INVISIBLES, '');

/**
 * Every text the API accepts, in a path, a query or a body, goes through this one rule, so
 * bad text is a 400 naming the field instead of a database error.
 */
export const text = (name: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${name} is required` : `${name} must be text`,
    })
    .refine(isCleanText, `${name} contains characters that are not allowed`);

/**
 * What people write for others to read (names, reviews, comments, profile fields): `text`,
 * tidied before its length is checked, so text of only invisible characters is empty.
 */
export const writtenText = (name: string) => text(name).overwrite(tidyWrittenText);

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
