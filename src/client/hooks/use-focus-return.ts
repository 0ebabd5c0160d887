import { useRef } from 'react';
import {
  focusIsLost,
  focusWhenShown,
  rememberFocusPlace,
  restoreFocus,
  returnTargetFor,
  type FocusPlace,
} from '../lib/focus-return';

export interface FocusReturnOptions {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
  /**
   * Asked as the layer closes: a CSS selector for where focus should go instead (something
   * its action made, such as a new review), or nothing. It is waited for a few seconds, since
   * it may only render once a list has been fetched again; the opener has focus meanwhile.
   */
  returnFocusTo?: () => string | null | undefined;
}

/**
 * Gives a Radix dialog, sheet, popover or menu content the `onOpenAutoFocus` and
 * `onCloseAutoFocus` that bring focus back where it was: it notes the control that had focus
 * as the layer opened (for an item of a menu, the menu's button) and, when the layer closes
 * and focus has nowhere to be, returns it there or, if that control is gone, to the nearest
 * sensible place (see lib/focus-return). Radix alone only returns to its own Trigger, which
 * layers opened from state, lists and menus do not have. Focus already moved on (into
 * another dialog, to a new page's heading) is left where it is. A handler passed in runs
 * first; if it prevents the default, it has placed focus itself.
 */
export function useFocusReturn({
  onOpenAutoFocus,
  onCloseAutoFocus,
  returnFocusTo,
}: FocusReturnOptions) {
  // Null until the layer opens; then where focus was (the place may be null: nothing had it).
  const opened = useRef<{ place: FocusPlace | null } | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      const layer = event.currentTarget;
      const active = document.activeElement;
      const opener =
        layer instanceof Node && active && !layer.contains(active) ? returnTargetFor(active) : null;
      opened.current = { place: rememberFocusPlace(opener) };
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      const record = opened.current;
      opened.current = null;
      // Never noted (the layer took focus by itself as it opened): Radix's own return.
      if (event.defaultPrevented || !record) return;
      event.preventDefault();
      if (focusIsLost()) restoreFocus(record.place);
      const selector = returnFocusTo?.();
      if (selector) focusWhenShown(selector);
    },
  };
}
