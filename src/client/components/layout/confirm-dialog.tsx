import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../ui/alert-dialog';
import { Button } from '../ui/button';

/**
 * The question asked before something that cannot be taken back: a title, what it means,
 * then Cancel and the destructive answer. While the answer is `pending` the question can be
 * neither dismissed nor cancelled, and the answer is busy.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  pending = false,
  cancelLabel = 'Cancel',
  otherAction,
  confirmLabel,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** More to read between the description and the answers. */
  children?: ReactNode;
  pending?: boolean;
  cancelLabel?: string;
  /** A gentler way out, offered between Cancel and the destructive answer. */
  otherAction?: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          {otherAction}
          <Button type="button" variant="destructive" busy={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
