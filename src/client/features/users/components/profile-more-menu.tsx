import { Flag, MoreHorizontal, Volume2, VolumeX } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { useReportDialog } from '../../../hooks/use-report-dialog';
import { useMuteState, useSetMuted } from '../api/mute-user';

/**
 * "More" on someone else's profile: Mute / Unmute (their reviews leave the viewer's
 * Following timeline; they are not told) and Report.
 */
export function ProfileMoreMenu({
  userId,
  name,
  onMuteChanged,
}: {
  userId: string;
  name: string;
  /** After a mute or unmute: what it changes elsewhere is asked for again. */
  onMuteChanged?: () => void;
}) {
  const muteState = useMuteState(userId);
  const setMuted = useSetMuted(userId, name, onMuteChanged);
  const report = useReportDialog();
  const isMuted = muteState.data?.isMuted ?? false;
  return (
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
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
