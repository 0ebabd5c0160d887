/**
 * Escape closes the layer (dialog, question, menu) that holds focus, and only that one.
 *
 * Radix gives Escape to the layer it counts as topmost, but it counts a layer opened over
 * another only a render after that layer has taken focus. An Escape pressed in that moment
 * (a quick key, a slow phone) would close the layer underneath, and the question opened over
 * it with it. So a layer sets aside an Escape pressed inside a layer above it, and the layer
 * that has focus closes itself on an Escape that nobody else took.
 */

const LAYERS = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

const setAside = new WeakSet<Event>();

/** True when the Escape was pressed in another layer, one opened over `layer`. */
export function pressedInLayerAbove(layer: Element, event: Event): boolean {
  const target = event.target instanceof Element ? event.target.closest(LAYERS) : null;
  return target !== null && !layer.contains(target);
}

/** Keeps a lower layer open on this Escape, and leaves it to the layer that has focus. */
export function setAsideForLayerAbove(event: Event): void {
  event.preventDefault();
  setAside.add(event);
}

/** True when a lower layer set the Escape aside for the layer that has focus. */
export function wasSetAside(event: Event): boolean {
  return setAside.has(event);
}
