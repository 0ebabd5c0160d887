import { Button } from '#client/components/ui/button';
import { useBlockMutation } from '../api/block-user';

/**
 * Unblock, for someone the viewer blocked. In a list of people (`inList`) it is small and
 * named after the person; on their own profile the heading above it names them.
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
      onClick={() => unblock.mutate(false)}
    >
      Unblock
    </Button>
  );
}
