import { describe, expect, it } from 'vitest';
import { megabytes } from '../file-sizes.ts';
import { MAX_PROFILE_IMAGE_BYTES, ONBOARDING_NAME_MAX } from '../limits.ts';
import { createAccountFormSchema } from './accounts.ts';
import { onboardingNameRule } from './users.ts';

const firstNameProblem = (firstName: string) =>
  createAccountFormSchema
    .safeParse({ firstName, email: 'ada@example.com', password: 'a long passphrase' })
    .error?.issues.find((issue) => issue.path[0] === 'firstName')?.message;

describe('the onboarding name rule', () => {
  it('is the sign-up form’s too, with the same messages', () => {
    const long = 'a'.repeat(ONBOARDING_NAME_MAX + 1);
    for (const name of ['', '   ', long, 'a'.repeat(ONBOARDING_NAME_MAX)]) {
      expect(firstNameProblem(name)).toBe(
        onboardingNameRule('First').safeParse(name).error?.issues[0]?.message,
      );
    }
    expect(firstNameProblem(long)).toBe('First name too long');
    expect(firstNameProblem(' ')).toBe('First name is required');
  });

  it('takes a blank last name only when it is not required', () => {
    expect(onboardingNameRule('Last').safeParse(' ').error?.issues[0]?.message).toBe(
      'Last name is required',
    );
    expect(onboardingNameRule('Last', { required: false }).parse(' ')).toBe('');
  });
});

describe('megabytes', () => {
  it('writes a limit in whole megabytes', () => {
    expect(megabytes(MAX_PROFILE_IMAGE_BYTES)).toBe('5 MB');
    expect(megabytes(1.4 * 1024 * 1024)).toBe('1 MB');
  });
});
