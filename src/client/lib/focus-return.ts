/**
 * Where keyboard focus goes back to when a dialog, sheet, popover or menu closes, or when
 * the control that had it is removed: the control that opened it, or, when that control is
 * gone (a deleted review, a list that re-rendered), the nearest sensible place: the item
 * now in its place in the list, else the list's heading, else the page's main heading.
 * Without this the browser drops focus to <body>, and the next Tab starts over at the top
 * of the page.
 */

const HEADINGS = 'h1, h2, h3, h4, h5, h6';
const LISTS = 'ul, ol, [role="list"], [role="feed"]';
const LIST_ITEMS = 'li, [role="listitem"]';
const LAYERS = '[role="dialog"], [role="alertdialog"]';

/** How long a control focus went back to is watched, should its item be removed after all. */
const WATCH_REMOVAL_MS = 3_000;

export interface FocusPlace {
  /** The control to go back to. */
  element: HTMLElement;
  /** The list the control sits in (through one of its items), with the item's index and the
   * list's length when the place was taken. */
  list: HTMLElement | null;
  index: number;
  count: number;
  /** The heading just before the list (or the control), for when the list has gone. */
  heading: HTMLElement | null;
  /** The dialog the control is in, if any. */
  layer: HTMLElement | null;
}

/**
 * The control to return to for a focused element. An item of an open menu stands for the
 * menu's button, since the menu closes when it is chosen (Radix labels a menu by its button).
 */
export function returnTargetFor(element: Element | null): HTMLElement | null {
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  let target = element;
  for (;;) {
    const menu = target.closest('[role="menu"][aria-labelledby]');
    const button = menu && document.getElementById(menu.getAttribute('aria-labelledby') ?? '');
    if (!(button instanceof HTMLElement) || button === target) return target;
    target = button;
  }
}

/** Notes where a control is, so focus can find its way back even after it is removed. */
export function rememberFocusPlace(element: HTMLElement | null): FocusPlace | null {
  if (!element?.isConnected) return null;
  const item = element.closest<HTMLElement>(LIST_ITEMS);
  const list = item?.parentElement?.matches(LISTS) ? item.parentElement : null;
  return {
    element,
    list,
    index: list && item ? Array.prototype.indexOf.call(list.children, item) : -1,
    count: list?.children.length ?? 0,
    heading: headingBefore(list ?? element),
    layer: element.closest<HTMLElement>(LAYERS),
  };
}

/**
 * Moves focus to the place, or to the nearest sensible one if the control is gone. Returns
 * the element that took focus.
 */
export function returnFocus(place: FocusPlace | null): HTMLElement | null {
  for (const candidate of candidatesFor(place)) {
    if (candidate && focusElement(candidate)) return candidate;
  }
  return null;
}

/**
 * Returns focus to the place, and keeps an eye on the control for a few seconds: if it is
 * removed while it still has focus (its item deleted once the request answered), focus
 * moves on to the nearest place. Returns a function that stops watching.
 */
export function restoreFocus(place: FocusPlace | null): () => void {
  const focused = returnFocus(place);
  if (!place || focused !== place.element) return () => {};
  return returnFocusWhenRemoved(place, WATCH_REMOVAL_MS);
}

/**
 * Once the place's control leaves the page (its item deleted, say), moves focus to the
 * nearest place, if focus went nowhere else meanwhile. It waits at most `timeoutMs`, and not
 * after the person moves on (a key or a pointer pressed). Returns a function that stops it.
 */
export function returnFocusWhenRemoved(place: FocusPlace, timeoutMs = 10_000): () => void {
  return whenRemoved(
    place.element,
    () => {
      if (focusIsLost()) returnFocus(place);
    },
    timeoutMs,
  );
}

/**
 * True when nothing meaningful has focus: <body>, or an open dialog itself, where Radix puts
 * focus when the focused control inside it is removed.
 */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active.matches(LAYERS);
}

/**
 * Calls `then` once `element` has left the page, unless the person moves on first (a key or
 * a pointer pressed) or `timeoutMs` passes. Returns a function that stops waiting.
 */
function whenRemoved(element: HTMLElement, then: () => void, timeoutMs: number) {
  return untilPersonActs(timeoutMs, () => {
    if (element.isConnected) return false;
    then();
    return true;
  });
}

/**
 * Focuses the first element matching `selector` once it is shown (a new list item appears
 * when its list has been fetched again), unless the person moves on first or `timeoutMs`
 * passes. Returns a function that stops waiting.
 */
export function focusWhenShown(selector: string, timeoutMs = 10_000) {
  return untilPersonActs(timeoutMs, () => {
    const target = document.querySelector<HTMLElement>(selector);
    return target !== null && focusElement(target);
  });
}

/**
 * Focuses an element, making one that is not focusable by itself (a heading, a list item)
 * focusable by script. False when it cannot take focus (disabled, hidden, removed).
 */
export function focusElement(element: HTMLElement): boolean {
  if (!element.isConnected) return false;
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) {
    element.setAttribute('tabindex', '-1');
  }
  element.focus();
  return document.activeElement === element;
}

function* candidatesFor(place: FocusPlace | null): Generator<HTMLElement | null> {
  if (place) {
    yield place.element;
    const { list } = place;
    if (list?.isConnected) {
      const item = list.children[place.index];
      if (item instanceof HTMLElement) {
        // The same number of items: this one re-rendered, so its own copy of the control.
        if (list.children.length >= place.count) yield sameControlIn(item, place.element);
        // Fewer: the control's item was removed, and the next one has taken its place.
        yield itemFocusTarget(item);
      }
    }
    yield place.heading;
    // Opened from a dialog that has closed too: that dialog gives focus back to its own opener.
    if (place.layer && !place.layer.isConnected) return;
  }
  yield document.querySelector<HTMLElement>('main h1');
  yield document.querySelector<HTMLElement>('main');
}

/** A control in `item` like `control`: the same kind, with the same name. */
function sameControlIn(item: HTMLElement, control: HTMLElement): HTMLElement | null {
  const name = accessibleName(control);
  if (!name) return null;
  const candidates = item.querySelectorAll<HTMLElement>(control.tagName);
  return [...candidates].find((candidate) => accessibleName(candidate) === name) ?? null;
}

function accessibleName(element: HTMLElement) {
  return (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
}

/** An item that holds one article (a review card) is best read out as that article. */
function itemFocusTarget(item: HTMLElement): HTMLElement {
  const only = item.children.length === 1 ? item.firstElementChild : null;
  return only instanceof HTMLElement && only.matches('article, [role="article"]') ? only : item;
}

/** The last heading before `anchor` in its dialog, or else in the main content. */
function headingBefore(anchor: HTMLElement): HTMLElement | null {
  const scope = anchor.closest(`${LAYERS}, main`) ?? document.body;
  let found: HTMLElement | null = null;
  for (const heading of scope.querySelectorAll<HTMLElement>(HEADINGS)) {
    if (!(heading.compareDocumentPosition(anchor) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
    found = heading;
  }
  return found;
}

/**
 * Runs `check` on every frame until it returns true, the person presses a key or a pointer
 * (they have moved on, and focus is theirs), or `timeoutMs` passes.
 */
function untilPersonActs(timeoutMs: number, check: () => boolean): () => void {
  const started = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    document.removeEventListener('keydown', stop, true);
    document.removeEventListener('pointerdown', stop, true);
  };
  const step = () => {
    if (check() || performance.now() - started > timeoutMs) stop();
    else frame = requestAnimationFrame(step);
  };
  document.addEventListener('keydown', stop, true);
  document.addEventListener('pointerdown', stop, true);
  step();
  return stop;
}
