import { z } from 'zod';
import {
  onboardingNameRule,
  profileFieldRules,
  profileUpdateBodySchema,
  type CurrentUser,
  type ProfileUpdate,
} from '#shared/schemas/users';
import { joinName, splitName } from './profile-name';

/**
 * What the profile form holds while it is being filled in. Edit Profile asks the name in one
 * field (`name`); the onboarding wizard asks first and last name apart.
 */
export interface ProfileFormValues {
  name: string;
  firstName: string;
  lastName: string;
  username: string;
  bio: string;
  location: string;
  profileImageUrl: string | null;
}

export type ProfileFormKind = 'edit' | 'onboarding';

export function profileFormValues(user: CurrentUser): ProfileFormValues {
  return {
    name: joinName(user),
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    username: user.username ?? '',
    bio: user.bio ?? '',
    location: user.location ?? '',
    profileImageUrl: user.profileImageUrl,
  };
}

/**
 * A field of PUT /api/users/me as the form holds it: typed text, blank being null (docs/product.md
 * §5 "Empty values are sent as null").
 */
const asTyped = (field: z.ZodType<string | null | undefined, unknown>) =>
  field as z.ZodType<string | null | undefined, string>;
const username = asTyped(profileUpdateBodySchema.shape.username);
const sharedFields = {
  username,
  bio: asTyped(profileUpdateBodySchema.shape.bio),
  location: asTyped(profileUpdateBodySchema.shape.location),
  profileImageUrl: z.string().nullable(),
};

/**
 * The form's rules, and the PUT /api/users/me body it turns into: the API's own rules for every
 * field, except the wizard's names, which follow its stricter rule.
 */
export const profileFormSchemas: Record<
  ProfileFormKind,
  z.ZodType<ProfileUpdate, ProfileFormValues>
> = {
  edit: z
    .object({
      name: profileFieldRules.name,
      firstName: z.string(),
      lastName: z.string(),
      ...sharedFields,
    })
    .transform(({ name, firstName: _first, lastName: _last, ...rest }) => {
      const { firstName, lastName } = splitName(name);
      return { ...rest, firstName, lastName: lastName || null };
    }),
  onboarding: z
    .object({
      name: z.string(),
      firstName: onboardingNameRule('First'),
      lastName: onboardingNameRule('Last'),
      ...sharedFields,
    })
    .transform(({ name: _name, ...rest }) => rest),
};

export type ProfileFormProblems = Partial<Record<keyof ProfileFormValues, string>>;

/** Each field's first broken rule, as the form shows it while the person types. */
export function profileFormProblems(
  kind: ProfileFormKind,
  values: ProfileFormValues,
): ProfileFormProblems {
  const result = profileFormSchemas[kind].safeParse(values);
  const problems: ProfileFormProblems = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as keyof ProfileFormValues;
    problems[field] ??= issue.message;
  }
  return problems;
}

/** The username rule's message for what is typed; null when it is fine or blank. */
export function usernameProblem(value: string): string | null {
  return username.safeParse(value).error?.issues[0]?.message ?? null;
}
