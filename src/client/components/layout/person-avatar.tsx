import { initials, type NamedUser } from '#shared/user-display';
import { Avatar, AvatarFallback, AvatarImage } from '../ui/avatar';

/**
 * A person's photo, or their initials while it loads or when they have none. The photo is
 * decorative (`alt=""`): the name always stands next to it.
 */
export function PersonAvatar({
  person,
  className,
  fallbackClassName,
}: {
  person: (NamedUser & { profileImageUrl?: string | null }) | null | undefined;
  /** The avatar's size. */
  className: string;
  /** The initials' text size. */
  fallbackClassName: string;
}) {
  return (
    <Avatar className={className}>
      {person?.profileImageUrl && <AvatarImage src={person.profileImageUrl} alt="" />}
      <AvatarFallback className={fallbackClassName}>{initials(person)}</AvatarFallback>
    </Avatar>
  );
}
