import { z } from 'zod';
import { text } from './common.ts';
import { onboardingNameRule } from './users.ts';

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

/**
 * A new password: long enough and not only spaces. The server also refuses the e-mail
 * itself and well-known common passwords (auth/provider/password-rules.ts).
 */
export const newPassword = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, 'Password is too long')
  .refine((value) => value.trim() !== '', 'Password cannot be only spaces');

/** The embedded provider's create-account form. */
export const createAccountFormSchema = z
  .object({
    firstName: onboardingNameRule('First'),
    lastName: onboardingNameRule('Last', { required: false }).optional(),
    email,
    password: newPassword,
  })
  .refine((form) => form.password.trim().toLowerCase() !== form.email, {
    path: ['password'],
    message: 'Password must not be your email address',
  });
export type CreateAccountForm = z.infer<typeof createAccountFormSchema>;

/** The form that asks for a reset link. */
export const passwordResetRequestSchema = z.object({ email });

/** The form behind a reset link. */
export const passwordResetFormSchema = z
  .object({
    token: text('token').min(1).max(200),
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two passwords do not match',
  });
