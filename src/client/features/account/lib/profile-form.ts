import {
  BIO_MAX,
  LOCATION_MAX,
  ONBOARDING_NAME_MAX,
  PROFILE_NAME_MAX,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '#shared/limits';
import type { CurrentUser } from '#shared/schemas/users';

/**
 * docs/product.md §5: the one name field splits at the first space into first name and the rest.
 */
export function splitName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  if (space === -1) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}

export function joinName(user: Pick<CurrentUser, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

export function profileNameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'Name is required';
  if (trimmed.length > PROFILE_NAME_MAX) return 'Name too long';
  return null;
}

/** docs/product.md §5 "Onboarding": each of first and last name is 1 to 50 characters. */
export function onboardingNameError(value: string, which: 'First' | 'Last'): string | null {
  const trimmed = value.trim();
  if (trimmed.length === 0) return `${which} name is required`;
  if (trimmed.length > ONBOARDING_NAME_MAX) return `${which} name too long`;
  return null;
}

/** The username rule's message for a non-empty value that breaks it; null when it is fine. */
export function usernameFormatError(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.length === 0) return null;
  if (trimmed.length < USERNAME_MIN || trimmed.length > USERNAME_MAX) {
    return `Username must be between ${USERNAME_MIN} and ${USERNAME_MAX} characters`;
  }
  if (!USERNAME_PATTERN.test(trimmed)) {
    return 'Username can only contain letters, numbers, underscores, and hyphens';
  }
  return null;
}

export const bioError = (bio: string) => (bio.trim().length > BIO_MAX ? 'Bio too long' : null);
export const locationError = (location: string) =>
  location.trim().length > LOCATION_MAX ? 'Location too long' : null;

/**
 * docs/product.md §2 "Dialogs": a profile is incomplete while the first or last name is missing.
 */
export function isProfileIncomplete(
  user: Pick<CurrentUser, 'firstName' | 'lastName'> | null | undefined,
): boolean {
  if (!user) return false;
  return !user.firstName?.trim() || !user.lastName?.trim();
}

/** docs/product.md §5 "Empty values are sent as null". */
export const blankToNull = (value: string): string | null => value.trim() || null;
