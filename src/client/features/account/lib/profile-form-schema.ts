import { z } from 'zod';
import {
  profileFieldRules,
  profileUpdateBodySchema,
  type CurrentUser,
  type ProfileUpdate,
} from '#shared/schemas/users';
import { joinName, splitName } from './profile-name';

/** What Edit Profile's form holds while it is being filled in: the name in one field. */
export interface ProfileFormValues {
  name: string;
  username: string;
  bio: string;
  location: string;
  profileImageUrl: string | null;
}

export function profileFormValues(user: CurrentUser): ProfileFormValues {
  return {
    name: joinName(user),
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
 * field, the one name split into first and last.
 */
export const profileFormSchema: z.ZodType<ProfileUpdate, ProfileFormValues> = z
  .object({ name: profileFieldRules.name, ...sharedFields })
  .transform(({ name, ...rest }) => {
    const { firstName, lastName } = splitName(name);
    return { ...rest, firstName, lastName: lastName || null };
  });

export type ProfileFormProblems = Partial<Record<keyof ProfileFormValues, string>>;

/** Each field's first broken rule, as the form shows it while the person types. */
export function profileFormProblems(values: ProfileFormValues): ProfileFormProblems {
  const result = profileFormSchema.safeParse(values);
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
