import { Ban, MoreHorizontal, UserCheck } from 'lucide-react';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { useBlockMutation } from '../api/block-user';

/**
 * The "More" menu on someone else's profile: Block, which asks first, or Unblock for
 * someone already blocked (that needs no question: nothing comes back but visibility).
 */
export function ProfileMoreMenu({
  userId,
  name,
  isBlocked,
}: {
  userId: string;
  name: string;
  isBlocked: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const block = useBlockMutation(userId, name);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button type="button" variant="outline" size="icon" aria-label="More">
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {isBlocked ? (
            <DropdownMenuItem disabled={block.isPending} onSelect={() => block.mutate(false)}>
              <UserCheck aria-hidden="true" />
              Unblock
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem variant="destructive" onSelect={() => setConfirming(true)}>
              <Ban aria-hidden="true" />
              Block
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <AlertDialog
        open={confirming}
        onOpenChange={(open) => !block.isPending && setConfirming(open)}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Block {name}?</AlertDialogTitle>
            <AlertDialogDescription>
              You stop following each other, and neither of you sees the other&apos;s profile,
              reviews, comments or likes. They cannot follow you, comment on or like your reviews.
              They are not told. You can unblock them in Settings.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={block.isPending}>Cancel</AlertDialogCancel>
            <Button
              type="button"
              variant="destructive"
              busy={block.isPending}
              onClick={() => block.mutate(true, { onSuccess: () => setConfirming(false) })}
            >
              Block
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
