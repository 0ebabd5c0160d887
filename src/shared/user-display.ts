/**
 * How a person is named on screen (docs/product.md §3). Every fallback is deliberate: people who
 * signed in through a provider that shares no name still get something readable.
 */
export interface NamedUser {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  username?: string | null;
}

const present = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim().length > 0;

/**
 * The names the person gave: "Ada Lovelace", else "Ada", else "Lovelace"; undefined without
 * either. Every way of naming someone starts here and differs only in what stands in for it.
 */
export function givenName(user: NamedUser | null | undefined): string | undefined {
  const first = user?.firstName?.trim();
  const last = user?.lastName?.trim();
  if (present(first) && present(last)) return `${first} ${last}`;
  if (present(first)) return first;
  if (present(last)) return last;
  return undefined;
}

/** "Ada Lovelace", else "Ada", else the e-mail's local part, else "User". */
export function displayName(user: NamedUser | null | undefined): string {
  if (!user) return 'User';
  // A last name alone does not make a display name: the e-mail reads better to its owner.
  if (present(user.firstName)) return givenName(user)!;
  if (present(user.email)) {
    const local = user.email.split('@')[0];
    if (present(local)) return local;
  }
  return 'User';
}

/** "AL", else "A" from the first name, else from the e-mail, else "U". */
export function initials(user: NamedUser | null | undefined): string {
  const first = user?.firstName?.trim();
  const last = user?.lastName?.trim();
  if (present(first) && present(last)) return `${first[0]}${last[0]}`.toUpperCase();
  if (present(first)) return first[0]!.toUpperCase();
  const email = user?.email?.trim();
  if (present(email)) return email[0]!.toUpperCase();
  return 'U';
}

/** Lowercases and drops everything outside a-z, 0-9, underscore and hyphen. */
export function sanitizeHandle(value: string | null | undefined): string {
  return (value ?? '').toLowerCase().replace(/[^a-z0-9_-]/g, '');
}

/** The username a handle is built from, without the "@"; "user" when nothing usable is left. */
export function derivedUsername(user: NamedUser | null | undefined): string {
  if (present(user?.username)) return user.username.trim();
  const fromFirst = sanitizeHandle(user?.firstName);
  if (fromFirst) return fromFirst;
  const fromLast = sanitizeHandle(user?.lastName);
  if (fromLast) return fromLast;
  return 'user';
}

/** "@ada", derived as docs/product.md §3 says when there is no username. */
export function handle(user: NamedUser | null | undefined): string {
  return `@${derivedUsername(user)}`;
}

/** Display name in lists of other people, where the fallback is "Anonymous". */
export function authorName(user: NamedUser | null | undefined): string {
  return givenName(user) ?? 'Anonymous';
}

/**
 * The person a notice is about (#shared/notice-text): their name, else "@username" (a
 * notice's reader may know them only by it), else "Someone".
 */
export function actorName(user: NamedUser | null | undefined): string {
  const name = givenName(user);
  if (name !== undefined) return name;
  return present(user?.username) ? `@${user.username}` : 'Someone';
}
