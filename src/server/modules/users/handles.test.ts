import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inArray, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '#server/db/index.ts';
import { users } from '#server/db/schema.ts';
import { testDatabaseKind, useTestDatabase } from '#server/testing/test-database.ts';
import { freeUsername, usernameBase } from './handles.ts';
import { findOrCreateUserForIdentity } from './service.ts';

const { db, create } = useTestDatabase();

describe('usernameBase', () => {
  it.each([
    [['Ada', 'Lovelace'], 'ada-lovelace'],
    [['Zoë', 'Ångström-Lee'], 'zoe-angstrom-lee'],
    [['  Jean-Luc ', "O'Neil"], 'jean-luc-o-neil'],
    [['李', null], ''],
    [['A very long first name indeed', 'and an even longer last name'], 'a-very-long-first-name'],
  ])('%j → %s', (parts, expected) => {
    expect(usernameBase(...parts)).toBe(expected);
  });
});

describe(`usernames at first sign-in (${testDatabaseKind()})`, () => {
  const signIn = (subject: string, name: string, email?: string) =>
    findOrCreateUserForIdentity(db(), {
      issuer: 'https://id.example',
      subject,
      name,
      email,
    });

  it('gives namesakes different usernames made from their name', async () => {
    const first = await signIn('bea-1', 'Bea Author');
    const second = await signIn('bea-2', 'Bea Author');
    const third = await signIn('bea-3', 'Bea Author');
    expect([first.username, second.username, third.username]).toEqual([
      'bea-author',
      'bea-author-2',
      'bea-author-3',
    ]);
  });

  it('keeps the username on later sign-ins', async () => {
    const first = await signIn('kept-1', 'Kept Name');
    const again = await signIn('kept-1', 'Kept Name');
    expect(again.id).toBe(first.id);
    expect(again.username).toBe('kept-name');
  });

  it('falls back to the e-mail, then to "fan", when the name gives too little', async () => {
    expect((await signIn('short-1', 'Al', 'al.jones@example.com')).username).toBe('al-jones');
    expect((await signIn('short-2', '李', undefined)).username).toBe('fan');
    expect((await signIn('short-3', 'Jo', undefined)).username).toBe('jo-fan');
  });

  it('skips usernames people chose themselves', async () => {
    await create.user({ username: 'cam-ray' });
    await create.user({ username: 'cam-ray-2' });
    expect(await freeUsername(db(), { firstName: 'Cam', lastName: 'Ray' })).toBe('cam-ray-3');
  });

  it('settles sign-ups racing for the same name with distinct usernames', async () => {
    const racers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signIn(`racer-${i}`, 'Rae Cing')),
    );
    const names = racers.map((person) => person.username);
    expect(new Set(names).size).toBe(6);
    for (const name of names) expect(name).toMatch(/^rae-cing(-\d+)?$/);
  });
});

describe(`the migration that names existing accounts (${testDatabaseKind()})`, () => {
  it('gives every account without a username a unique one, and keeps chosen ones', async () => {
    const chosen = await create.user({ username: 'dee-vee' });
    const nameless = await Promise.all([
      create.user({ username: null, firstName: 'Dee', lastName: 'Vee' }),
      create.user({ username: null, firstName: 'Dee', lastName: 'Vee' }),
      create.user({ username: null, firstName: '!', lastName: null, email: 'x@ex.com' }),
      create.user({ username: null, firstName: 'Mo', lastName: null, email: null }),
      create.user({
        username: null,
        firstName: 'A very long first name indeed',
        lastName: 'and more',
      }),
    ]);
    const migration = readFileSync(
      path.join(migrationsFolder, '0016_usernames_for_everyone.sql'),
      'utf8',
    );
    await db().execute(sql.raw(migration));

    const rows = await db()
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.id, [chosen.id, ...nameless.map((person) => person.id)]));
    const byId = new Map(rows.map((row) => [row.id, row.username]));
    expect(byId.get(chosen.id)).toBe('dee-vee');
    expect([byId.get(nameless[0]!.id), byId.get(nameless[1]!.id)].sort()).toEqual([
      'dee-vee-2',
      'dee-vee-3',
    ]);
    expect(byId.get(nameless[2]!.id)).toMatch(/^fan(-\d+)?$/);
    expect(byId.get(nameless[3]!.id)).toBe('mo-fan');
    expect(byId.get(nameless[4]!.id)).toBe('a-very-long-first-name');
    const [left] = await db().select({ id: users.id }).from(users).where(isNull(users.username));
    expect(left).toBeUndefined();
  });
});
