import { describe, expect, it } from 'vitest';
import { authorName, displayName, handle, initials, type NamedUser } from './user-display.ts';

const ada: NamedUser = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  username: 'ada_l',
};

describe('displayName', () => {
  it.each<[string, NamedUser | null, string]>([
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
  ])('%s', (_case, user, expected) => {
    expect(displayName(user)).toBe(expected);
  });
});

describe('initials', () => {
  it.each<[string, NamedUser | null, string]>([
    ['first and last name', { firstName: 'ada', lastName: 'lovelace' }, 'AL'],
    ['first name only', { firstName: 'ada' }, 'A'],
    ['e-mail only', { email: 'zed@example.com' }, 'Z'],
    ['nothing', {}, 'U'],
    ['no user', null, 'U'],
  ])('%s', (_case, user, expected) => {
    expect(initials(user)).toBe(expected);
  });
});

describe('handle', () => {
  it.each<[string, NamedUser | null, string]>([
    ['username', ada, '@ada_l'],
    ['first name, lowercased and stripped', { firstName: "Zoë O'Neil" }, '@zooneil'],
    [
      'last name when the first has nothing usable',
      { firstName: '李', lastName: 'Smith-Jones' },
      '@smith-jones',
    ],
    ['neither name usable', { firstName: '!!!', lastName: '???' }, '@user'],
    ['no user', null, '@user'],
  ])('%s', (_case, user, expected) => {
    expect(handle(user)).toBe(expected);
  });
});

describe('authorName', () => {
  it.each<[string, NamedUser | null, string]>([
    ['full name', ada, 'Ada Lovelace'],
    ['first name', { firstName: 'Ada' }, 'Ada'],
    ['last name', { lastName: 'Lovelace' }, 'Lovelace'],
    ['nobody', { email: 'x@example.com' }, 'Anonymous'],
  ])('%s', (_case, user, expected) => {
    expect(authorName(user)).toBe(expected);
  });
});
