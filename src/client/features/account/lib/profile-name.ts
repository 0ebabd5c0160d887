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

/**
 * docs/product.md §2 "Dialogs": a profile is incomplete while the first or last name is missing.
 */
export function isProfileIncomplete(
  user: Pick<CurrentUser, 'firstName' | 'lastName'> | null | undefined,
): boolean {
  if (!user) return false;
  return !user.firstName?.trim() || !user.lastName?.trim();
}
