import { Button } from '#client/components/ui/button';
import { focusElement, rememberFocusPlace } from '#client/lib/focus-return';
import { useBlockMutation } from '../api/block-user';

/**
 * Unblock, for someone the viewer blocked. In a list of people (`inList`) it is small and
 * named after the person, and pressing it moves focus to the list's heading (the person
 * leaves the list); on their own profile the heading above it names them.
 */
export function UnblockButton({
  userId,
  name,
  inList = false,
}: {
  userId: string;
  name: string;
  inList?: boolean;
}) {
  const unblock = useBlockMutation(userId, name);
  return (
    <Button
      type="button"
      variant="outline"
      size={inList ? 'sm' : undefined}
      busy={unblock.isPending}
      aria-label={inList ? `Unblock ${name}` : undefined}
      onClick={(event) => {
        const heading = inList ? rememberFocusPlace(event.currentTarget)?.heading : null;
        unblock.mutate(false);
        if (heading) focusElement(heading);
      }}
    >
      Unblock
    </Button>
  );
}
