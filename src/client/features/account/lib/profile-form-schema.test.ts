import { describe, expect, it } from 'vitest';
import { aCurrentUser } from '#client/testing/data';
import {
  profileFormProblems,
  profileFormValues,
  usernameProblem,
  type ProfileFormValues,
} from './profile-form-schema';
import { isProfileIncomplete, splitName } from './profile-name';

describe('splitName', () => {
  it.each([
    ['Robin', { firstName: 'Robin', lastName: '' }],
    ['Robin Fields', { firstName: 'Robin', lastName: 'Fields' }],
    ['  Mary  Ann   van Dyke ', { firstName: 'Mary', lastName: 'Ann van Dyke' }],
  ])('%j → %j', (name, expected) => {
    expect(splitName(name)).toEqual(expected);
  });
});

const robin = profileFormValues(aCurrentUser());
const problem = (field: keyof ProfileFormValues, value: string): string | null =>
  profileFormProblems({ ...robin, [field]: value })[field] ?? null;

describe('profile rules (docs/product.md §5)', () => {
  it('names the problem with the product’s words', () => {
    expect(problem('name', '  ')).toBe('Name is required');
    expect(problem('name', 'x'.repeat(101))).toBe('Name too long');
    expect(problem('name', 'x'.repeat(100))).toBeNull();
    expect(problem('bio', 'x'.repeat(501))).toBe('Bio too long');
    expect(problem('location', 'x'.repeat(101))).toBe('Location too long');
    expect(usernameProblem('')).toBeNull();
    expect(usernameProblem('ab')).toBe('Username must be between 3 and 30 characters');
    expect(usernameProblem('a b c')).toBe(
      'Username can only contain letters, numbers, underscores, and hyphens',
    );
    expect(usernameProblem('Robin_F-1')).toBeNull();
  });

  it('calls a profile incomplete while the first or last name is missing', () => {
    expect(isProfileIncomplete(null)).toBe(false);
    expect(isProfileIncomplete({ firstName: 'Robin', lastName: null })).toBe(true);
    expect(isProfileIncomplete({ firstName: null, lastName: null })).toBe(true);
    expect(isProfileIncomplete({ firstName: 'Robin', lastName: ' ' })).toBe(true);
    expect(isProfileIncomplete({ firstName: 'Robin', lastName: 'Fields' })).toBe(false);
  });
});
