import { describe, expect, it } from 'vitest';
import {
  actorName,
  authorName,
  displayName,
  handle,
  initials,
  type NamedUser,
} from './user-display.ts';

/** The cases of one naming function, a line each: what it is, the user, the text made of them. */
function describeNaming(
  naming: (user: NamedUser | null) => string,
  cases: [string, NamedUser | null, string][],
) {
  describe(naming.name, () => {
    it.each(cases)('%s', (_case, user, expected) => {
      expect(naming(user)).toBe(expected);
    });
  });
}

const ada: NamedUser = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  username: 'ada_l',
};

describeNaming(displayName, [
  ['first and last name', ada, 'Ada Lovelace'],
  ['first name only', { firstName: 'Ada', email: 'ada@example.com' }, 'Ada'],
  [
    'blank names fall to the e-mail',
    { firstName: '  ', lastName: '', email: 'ada.l@example.com' },
    'ada.l',
  ],
  ['last name alone is not enough', { lastName: 'Lovelace', email: 'al@example.com' }, 'al'],
  ['nothing usable', { firstName: null, email: null }, 'User'],
  ['no user', null, 'User'],
]);

describeNaming(initials, [
  ['first and last name', { firstName: 'ada', lastName: 'lovelace' }, 'AL'],
  ['first name only', { firstName: 'ada' }, 'A'],
  ['e-mail only', { email: 'zed@example.com' }, 'Z'],
  ['nothing', {}, 'U'],
  ['no user', null, 'U'],
]);

describeNaming(handle, [
  ['username', ada, '@ada_l'],
  ['first name, lowercased and stripped', { firstName: "Zoë O'Neil" }, '@zooneil'],
  [
    'last name when the first has nothing usable',
    { firstName: '李', lastName: 'Smith-Jones' },
    '@smith-jones',
  ],
  ['neither name usable', { firstName: '!!!', lastName: '???' }, '@user'],
  ['no user', null, '@user'],
]);

describeNaming(authorName, [
  ['full name', ada, 'Ada Lovelace'],
  ['first name', { firstName: 'Ada' }, 'Ada'],
  ['last name', { lastName: 'Lovelace' }, 'Lovelace'],
  ['nobody', { email: 'x@example.com' }, 'Anonymous'],
]);

describeNaming(actorName, [
  ['full name', ada, 'Ada Lovelace'],
  ['last name', { lastName: 'Lovelace', username: 'ada_l' }, 'Lovelace'],
  ['blank names fall to the username', { firstName: ' ', username: 'ada_l' }, '@ada_l'],
  ['never the e-mail', { email: 'x@example.com' }, 'Someone'],
  ['no user', null, 'Someone'],
]);
