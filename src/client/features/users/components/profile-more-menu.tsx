import { Ban, Flag, MoreHorizontal, UserCheck, Volume2, VolumeX } from 'lucide-react';
import { ConfirmDialog } from '#client/components/layout/confirm-dialog';
import { Button } from '#client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu';
import { useConfirmedMutation } from '#client/hooks/use-confirmed-mutation';
import { useReportDialog } from '#client/hooks/use-report-dialog';
import { useBlockMutation } from '../api/block-user';
import { useMuteState, useSetMuted } from '../api/mute-user';

/**
 * "More" on someone else's profile: Mute / Unmute (their reviews leave the viewer's
 * Following timeline; they are not told), Report, and Block, which asks first, or Unblock
 * for someone already blocked (that needs no question: nothing comes back but visibility).
 */
export function ProfileMoreMenu({
  userId,
  name,
  isBlocked,
  onMuteChanged,
}: {
  userId: string;
  name: string;
  isBlocked: boolean;
  /** After a mute or unmute: what it changes elsewhere is asked for again. */
  onMuteChanged?: () => void;
}) {
  const block = useBlockMutation(userId, name);
  const confirmBlock = useConfirmedMutation(block, true);
  const muteState = useMuteState(userId);
  const setMuted = useSetMuted(userId, name, onMuteChanged);
  const report = useReportDialog();
  const isMuted = muteState.data?.isMuted ?? false;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button type="button" variant="outline" size="sm">
            <MoreHorizontal aria-hidden="true" />
            More
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem
            disabled={!muteState.isSuccess || setMuted.isPending}
            onSelect={() => setMuted.mutate(!isMuted)}
          >
            {isMuted ? <Volume2 aria-hidden="true" /> : <VolumeX aria-hidden="true" />}
            {isMuted ? 'Unmute' : 'Mute'}
          </DropdownMenuItem>
          {report && (
            <DropdownMenuItem onSelect={() => report({ kind: 'user', id: userId, label: name })}>
              <Flag aria-hidden="true" />
              Report
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          {isBlocked ? (
            <DropdownMenuItem disabled={block.isPending} onSelect={() => block.mutate(false)}>
              <UserCheck aria-hidden="true" />
              Unblock
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem variant="destructive" onSelect={confirmBlock.ask}>
              <Ban aria-hidden="true" />
              Block
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        {...confirmBlock.dialog}
        title={`Block ${name}?`}
        description={
          <>
            You stop following each other, and neither of you sees the other&apos;s profile,
            reviews, comments or likes. They cannot follow you, comment on or like your reviews.
            They are not told. You can unblock them in Settings.
          </>
        }
        confirmLabel="Block"
      />
    </>
  );
}
