import { afterEach, describe, expect, it } from 'vitest';
import { pressedInLayerAbove, setAsideForLayerAbove, wasSetAside } from './layer-escape';

afterEach(() => document.body.replaceChildren());

/** A dialog with a question opened over it, each in its own portal as Radix puts them. */
function layers() {
  document.body.innerHTML = `
    <div role="dialog" id="dialog"><button id="in-dialog">Delete Account</button>
      <div role="listbox" id="inline-list"><div id="in-list">One</div></div></div>
    <div role="alertdialog" id="question"><button id="cancel">Cancel</button></div>`;
  const byId = (id: string) => document.getElementById(id)!;
  return { dialog: byId('dialog'), question: byId('question'), byId };
}

function escapeOn(target: Element): KeyboardEvent {
  let pressed: KeyboardEvent | undefined;
  target.addEventListener('keydown', (event) => (pressed = event as KeyboardEvent), { once: true });
  target.dispatchEvent(
    new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
  );
  return pressed!;
}

describe('layer escape', () => {
  it('tells a dialog that an Escape pressed in the question over it is not its own', () => {
    const { dialog, question, byId } = layers();
    expect(pressedInLayerAbove(dialog, escapeOn(byId('cancel')))).toBe(true);
    expect(pressedInLayerAbove(question, escapeOn(byId('cancel')))).toBe(false);
    expect(pressedInLayerAbove(dialog, escapeOn(byId('in-dialog')))).toBe(false);
    // A list inside the dialog itself is part of it.
    expect(pressedInLayerAbove(dialog, escapeOn(byId('in-list')))).toBe(false);
    // Focus nowhere in particular: the Escape is the topmost layer's, as Radix decides.
    expect(pressedInLayerAbove(dialog, escapeOn(document.body))).toBe(false);
  });

  it('marks an Escape set aside as handled for Radix, and as set aside for the question', () => {
    const { byId } = layers();
    const escape = escapeOn(byId('cancel'));
    expect(wasSetAside(escape)).toBe(false);
    setAsideForLayerAbove(escape);
    expect(escape.defaultPrevented).toBe(true);
    expect(wasSetAside(escape)).toBe(true);
  });
});
