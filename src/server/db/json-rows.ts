/**
 * A select's fields as one JSON object a row, which PostgreSQL writes and the driver
 * parses natively, for the hot lists whose many fields Drizzle would otherwise map one by
 * one: a page of 20 reviews of 27 fields cost the server about 0.4 ms of CPU mapped by
 * Drizzle and 0.2 ms as JSON (bench/README.md, "the data layer on Drizzle").
 *
 * PostgreSQL pays for writing the JSON. For the review lists that was within its noise;
 * for a page of 100 concerts of short fields it spent about what the server saved
 * (bench:load e1: server 0.40 → 0.31–0.34 ms, PostgreSQL 0.29 → 0.36–0.41 ms a request),
 * and PostgreSQL is the tier that does not scale out, so that list keeps Drizzle's rows.
 * Measure both sides before using this.
 *
 * The row's type comes from the fields, as Drizzle's own select would give it, except that
 * times arrive as text: JSON has no dates, and PostgreSQL writes them in ISO 8601.
 */
import { sql, type Column, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';

type Field = Column | SQL | SQL.Aliased;

/** A value as it reads back from JSON: a time becomes its ISO text. */
type FromJson<T> = T extends Date ? string : T;

export type JsonRowOf<Fields extends Record<string, Field>> = {
  [K in keyof SelectResultFields<Fields>]: FromJson<SelectResultFields<Fields>[K]>;
};

/** json_build_object of `fields`, each under its own name. */
export function jsonRow<Fields extends Record<string, Field>>(
  fields: Fields,
): SQL<JsonRowOf<Fields>> {
  // json_build_object takes at most 100 arguments.
  if (Object.keys(fields).length > 50) throw new Error('a JSON row holds at most 50 fields');
  const pairs = Object.entries(fields).map(([name, field]) => {
    if (!/^\w+$/.test(name)) throw new Error(`a JSON row's field is a plain name, not ${name}`);
    return sql`${sql.raw(`'${name}'`)}, ${field}`;
  });
  return sql<JsonRowOf<Fields>>`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** A time of a JSON row in the API's form, as Date#toISOString writes it. */
export function isoTime(text: string): string {
  return new Date(text).toISOString();
}
