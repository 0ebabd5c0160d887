import { describe, expect, it } from 'vitest';
import {
  isProfileIncomplete,
  onboardingNameError,
  profileNameError,
  splitName,
  usernameFormatError,
} from './profile-form';

describe('splitName', () => {
  it.each([
    ['Robin', { firstName: 'Robin', lastName: '' }],
    ['Robin Fields', { firstName: 'Robin', lastName: 'Fields' }],
    ['  Mary  Ann   van Dyke ', { firstName: 'Mary', lastName: 'Ann van Dyke' }],
  ])('%j → %j', (name, expected) => {
    expect(splitName(name)).toEqual(expected);
  });
});

describe('profile rules (spec §5)', () => {
  it('names the problem with the spec’s words', () => {
    expect(profileNameError('  ')).toBe('Name is required');
    expect(profileNameError('x'.repeat(101))).toBe('Name too long');
    expect(profileNameError('x'.repeat(100))).toBeNull();
    expect(onboardingNameError('', 'First')).toBe('First name is required');
    expect(onboardingNameError('x'.repeat(51), 'Last')).toBe('Last name too long');
    expect(usernameFormatError('')).toBeNull();
    expect(usernameFormatError('ab')).toBe('Username must be between 3 and 30 characters');
    expect(usernameFormatError('a b c')).toBe(
      'Username can only contain letters, numbers, underscores, and hyphens',
    );
    expect(usernameFormatError('Robin_F-1')).toBeNull();
  });

  it('calls a profile incomplete while the first or last name is missing', () => {
    expect(isProfileIncomplete(null)).toBe(false);
    expect(isProfileIncomplete({ firstName: 'Robin', lastName: null })).toBe(true);
    expect(isProfileIncomplete({ firstName: null, lastName: null })).toBe(true);
    expect(isProfileIncomplete({ firstName: 'Robin', lastName: ' ' })).toBe(true);
    expect(isProfileIncomplete({ firstName: 'Robin', lastName: 'Fields' })).toBe(false);
  });
});
