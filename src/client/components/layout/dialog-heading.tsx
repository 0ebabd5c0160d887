import type { ReactNode } from 'react';
import { DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';

/**
 * A dialog's title and what it is for, which name and describe the dialog for screen
 * readers: every form dialog opens with them.
 */
export function DialogHeading({
  title,
  description,
}: {
  title: ReactNode;
  description: ReactNode;
}) {
  return (
    <DialogHeader>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription>{description}</DialogDescription>
    </DialogHeader>
  );
}
