import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import { createContext, use, type ComponentProps } from 'react';
import { useFocusReturn } from '#client/hooks/use-focus-return';
import { useLayerEscape } from '#client/hooks/use-layer-escape';
import { cn } from '#client/lib/utils';
import { buttonVariants } from './button';

/** Closes the question as its Cancel would (through the root's onOpenChange). */
const CloseQuestion = createContext<(() => void) | undefined>(undefined);

export function AlertDialog({
  onOpenChange,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Root>) {
  return (
    <CloseQuestion value={onOpenChange && (() => onOpenChange(false))}>
      <AlertDialogPrimitive.Root onOpenChange={onOpenChange} {...props} />
    </CloseQuestion>
  );
}

export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

export function AlertDialogContent({
  className,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onEscapeKeyDown,
  onKeyDown,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  const focusReturn = useFocusReturn({ onOpenAutoFocus, onCloseAutoFocus });
  // A question is often opened over a dialog: Escape must close the question, not the
  // dialog under it (see lib/layer-escape).
  const escape = useLayerEscape({ onEscapeKeyDown, onKeyDown, close: use(CloseQuestion) });
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px] animate-fade-in data-[state=closed]:animate-fade-out" />
      <AlertDialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-background p-6 shadow-lg sm:max-w-md',
          'animate-dialog-in data-[state=closed]:animate-dialog-out',
          className,
        )}
        {...escape}
        {...focusReturn}
        {...props}
      />
    </AlertDialogPrimitive.Portal>
  );
}

export function AlertDialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('flex flex-col gap-2 text-center sm:text-left', className)} {...props} />
  );
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

export function AlertDialogTitle({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Title>) {
  return (
    <AlertDialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />
  );
}

export function AlertDialogDescription({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Description>) {
  return (
    <AlertDialogPrimitive.Description
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}

export function AlertDialogCancel({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return (
    <AlertDialogPrimitive.Cancel
      className={cn(buttonVariants({ variant: 'outline' }), className)}
      {...props}
    />
  );
}
