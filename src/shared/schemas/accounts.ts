import { z } from 'zod';
import { ONBOARDING_NAME_MAX } from '../limits.ts';
import { text } from './common.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

const email = text('Email')
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid email address' }).max(254, 'Email is too long'));

/** The embedded provider's sign-in form. */
export const signInFormSchema = z.object({
  email,
  password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX),
});

/** The embedded provider's create-account form. */
export const createAccountFormSchema = z.object({
  firstName: text('First name')
    .trim()
    .min(1, 'First name is required')
    .max(ONBOARDING_NAME_MAX, 'First name too long'),
  lastName: text('Last name').trim().max(ONBOARDING_NAME_MAX, 'Last name too long').optional(),
  email,
  password: z
    .string()
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, 'Password is too long'),
});
export type CreateAccountForm = z.infer<typeof createAccountFormSchema>;
