/**
 * Drizzle prepared statements built once per database and shape, and kept: building SQL
 * with Drizzle costs more CPU than PostgreSQL needs to answer the lists it builds. Each is
 * a select with `sql.placeholder`s where its values go, prepared with `.prepare(name)`;
 * its rows have the select's own type.
 *
 * A shape whose best plan does not depend on its values (a primary-key lookup, a range
 * scan in index order under a LIMIT) is a named statement, which PostgreSQL parses and
 * plans once per connection. The others stay unnamed (an empty name) and are planned for
 * each execution's values: a trigram search for 'mi' must not reuse a plan made for
 * 'midnight'. (Named statements need session pooling if a pooler sits in front of
 * PostgreSQL; PGlite ignores names.) Prepared on the database, never on a transaction:
 * a statement keeps the handle it was prepared on.
 */
export function statementCache<Statement>(prefix: string, maxShapes = 256) {
  const byDatabase = new WeakMap<object, Map<string, Statement>>();
  return (
    db: object,
    shape: string,
    planOnce: boolean,
    prepare: (name: string) => Statement,
  ): Statement => {
    let statements = byDatabase.get(db);
    if (!statements) {
      statements = new Map();
      byDatabase.set(db, statements);
    }
    const known = statements.get(shape);
    if (known) return known;
    // The same shape always gets the same name, so a rebuilt statement matches the one
    // a connection prepared already.
    const statement = prepare(planOnce ? `${prefix}:${shape}` : '');
    if (statements.size < maxShapes) statements.set(shape, statement);
    return statement;
  };
}

/** The prepared statement a builder's select makes: `statementCache<PreparedOf<typeof build>>`. */
export type PreparedOf<Build extends (...args: never[]) => { prepare: (name: string) => unknown }> =
  ReturnType<ReturnType<Build>['prepare']>;
