import { useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { pressedInLayerAbove, setAsideForLayerAbove, wasSetAside } from '../lib/layer-escape';

export interface LayerEscapeOptions {
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  onKeyDown?: (event: ReactKeyboardEvent<HTMLDivElement>) => void;
  /**
   * Closes the layer, for an Escape pressed in it that no layer used (see lib/layer-escape).
   * It goes through the layer's own close, so a layer that may not close just then (busy
   * saving) stays open.
   */
  close?: () => void;
}

/**
 * The `ref`, `onEscapeKeyDown` and `onKeyDown` for a Radix dialog's content that make Escape
 * close the layer holding focus and only that one: an Escape pressed in a layer opened over
 * this one is left to that layer, and an Escape pressed in this one that no layer used closes
 * it. Handlers passed in run as before.
 */
export function useLayerEscape({ onEscapeKeyDown, onKeyDown, close }: LayerEscapeOptions) {
  const layer = useRef<HTMLDivElement>(null);
  return {
    ref: layer,
    onEscapeKeyDown(event: KeyboardEvent) {
      if (layer.current && pressedInLayerAbove(layer.current, event)) {
        setAsideForLayerAbove(event);
        return;
      }
      onEscapeKeyDown?.(event);
    },
    onKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
      onKeyDown?.(event);
      // Pressed in this layer itself: React also passes on keys pressed in layers portaled
      // from inside it, which are theirs.
      if (!close || event.key !== 'Escape' || !event.currentTarget.contains(event.target as Node)) {
        return;
      }
      const escape = event.nativeEvent;
      if (!wasSetAside(escape)) {
        // Radix marks an Escape a layer used as handled.
        if (escape.defaultPrevented) return;
        onEscapeKeyDown?.(escape);
        if (escape.defaultPrevented) return;
      }
      event.stopPropagation();
      close();
    },
  };
}
