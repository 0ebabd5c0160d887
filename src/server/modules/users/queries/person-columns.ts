import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The users table, or an alias of it, as far as a person's list columns go. */
interface PersonTable {
  id: AnyPgColumn;
  username: AnyPgColumn;
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  profileImageUrl: AnyPgColumn;
  bio: AnyPgColumn;
}

/** The columns every list of people shows of each (Find Friends, followers, blocked people). */
export const personColumns = <Person extends PersonTable>(person: Person) => ({
  id: person.id,
  username: person.username,
  firstName: person.firstName,
  lastName: person.lastName,
  profileImageUrl: person.profileImageUrl,
  bio: person.bio,
});
