import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import type { Review } from '#shared/schemas/reviews';
import { ConfirmDialog } from '#client/components/layout/confirm-dialog';
import { Button } from '#client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu';
import { useConfirmedMutation } from '#client/hooks/use-confirmed-mutation';
import { useDeleteReview } from '../api/review-writes';

/** The author's menu on their review: Edit Review (when editing is offered) and Delete Review. */
export function ReviewActions({ review, onEdit }: { review: Review; onEdit?: () => void }) {
  const remove = useDeleteReview();
  const confirmDelete = useConfirmedMutation(remove, review);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label="Review options"
          >
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {onEdit && (
            <DropdownMenuItem onSelect={onEdit}>
              <Pencil aria-hidden="true" />
              Edit Review
            </DropdownMenuItem>
          )}
          <DropdownMenuItem variant="destructive" onSelect={confirmDelete.ask}>
            <Trash2 aria-hidden="true" />
            Delete Review
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        {...confirmDelete.dialog}
        title="Delete Review"
        description="Are you sure you want to delete this review? This action cannot be undone."
        confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
      />
    </>
  );
}
