/** A person as a list shows them (Find Friends, followers, following). */
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '#server/db/schema.ts';
import { pictureUrl } from '#server/storage/index.ts';
import { viewerFollows } from '../visibility.ts';
import { personColumns } from './person-columns.ts';

/** The people a list statement reads. */
export const listed = alias(users, 'u');

/** A listed person's columns, and whether the viewer follows them. */
export const summaryColumns = (viewerId: string) => ({
  ...personColumns(listed),
  isFollowing: sql<boolean>`${viewerFollows(viewerId, listed.id)}`,
});

/** A person as a response shows them: the picture's stored key made its URL. */
export const shownPerson = <Person extends { profileImageUrl: string | null }>(
  person: Person,
): Person => ({ ...person, profileImageUrl: pictureUrl(person.profileImageUrl) });
