import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useRef, type ComponentProps } from 'react';
import { useFocusReturn, type FocusReturnOptions } from '#client/hooks/use-focus-return';
import { useLayerEscape } from '#client/hooks/use-layer-escape';
import { cn } from '#client/lib/utils';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn(
        'fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px] animate-fade-in data-[state=closed]:animate-fade-out',
        className,
      )}
      {...props}
    />
  );
}

export function DialogContent({
  className,
  children,
  showCloseButton = true,
  onEscapeKeyDown,
  onKeyDown,
  onOpenAutoFocus,
  onCloseAutoFocus,
  returnFocusTo,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> &
  Pick<FocusReturnOptions, 'returnFocusTo'> & { showCloseButton?: boolean }) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const focusReturn = useFocusReturn({ onOpenAutoFocus, onCloseAutoFocus, returnFocusTo });
  // Radix gives Escape to the topmost dismissable layer, and a toast shown after the dialog
  // opened is one: it would take the Escape while focus is in the dialog. An Escape that
  // reaches the dialog unused closes it here (and one meant for a question opened over it is
  // left to that question: see lib/layer-escape).
  const escape = useLayerEscape({
    onEscapeKeyDown,
    onKeyDown,
    close: () => closeButton.current?.click(),
  });
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100svh-2rem)] w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-background p-6 shadow-lg sm:max-w-lg',
          'animate-dialog-in data-[state=closed]:animate-dialog-out',
          className,
        )}
        {...escape}
        {...focusReturn}
        {...props}
      >
        {children}
        {showCloseButton && (
          <DialogPrimitive.Close
            ref={closeButton}
            className="absolute top-2 right-2 flex size-8 items-center justify-center rounded-sm opacity-70 transition-opacity hover:opacity-100 focus-ring focus-visible:opacity-100 disabled:pointer-events-none [&_svg]:size-4"
          >
            <XIcon aria-hidden="true" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-header"
      className={cn('flex flex-col gap-2 text-center sm:text-left', className)}
      {...props}
    />
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn('text-lg leading-none font-semibold', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
