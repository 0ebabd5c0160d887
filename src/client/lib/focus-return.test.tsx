import { afterEach, describe, expect, it } from 'vitest';
import { rememberFocusPlace, returnFocus, returnTargetFor } from './focus-return';

/** A page like ours: a main heading, a list's heading, and a list of cards with a button each. */
function renderPage(names: string[]) {
  document.body.innerHTML = `
    <main>
      <h1>My Reviews</h1>
      <h2>Reviews</h2>
      <ul>
        ${names
          .map(
            (name) =>
              `<li><article aria-label="Review by ${name}"><button type="button" aria-label="Review options"></button></article></li>`,
          )
          .join('')}
      </ul>
    </main>`;
  const list = document.querySelector('ul')!;
  const card = (name: string) =>
    document.querySelector<HTMLElement>(`article[aria-label="Review by ${name}"]`)!;
  const options = (name: string) => card(name).querySelector('button')!;
  return { list, card, options };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('returnFocus', () => {
  it('goes back to the control while it is still on the page', () => {
    const { options } = renderPage(['Ada', 'Bo']);
    const place = rememberFocusPlace(options('Bo'));
    document.body.focus();
    expect(returnFocus(place)).toBe(options('Bo'));
    expect(document.activeElement).toBe(options('Bo'));
  });

  it('moves on to the next item when the control’s item was removed', () => {
    const { options, card } = renderPage(['Ada', 'Bo', 'Cy']);
    const place = rememberFocusPlace(options('Bo'));
    card('Bo').parentElement!.remove();
    returnFocus(place);
    expect(document.activeElement).toBe(card('Cy'));
    // A card is not focusable by itself: it is made focusable by script only.
    expect(card('Cy').getAttribute('tabindex')).toBe('-1');
  });

  it('goes to the list’s heading when the last item was removed, then to the main heading', () => {
    const { options, card, list } = renderPage(['Ada', 'Bo']);
    const place = rememberFocusPlace(options('Bo'));
    card('Bo').parentElement!.remove();
    returnFocus(place);
    expect(document.activeElement?.textContent).toBe('Reviews');

    const again = rememberFocusPlace(options('Ada'));
    list.remove();
    document.querySelector('h2')!.remove();
    returnFocus(again);
    expect(document.activeElement?.textContent).toBe('My Reviews');
  });

  it('finds the same control again in an item that re-rendered', () => {
    const { options, card, list } = renderPage(['Ada', 'Bo']);
    const place = rememberFocusPlace(options('Bo'));
    const copy = list.children[1]!.cloneNode(true);
    list.replaceChild(copy, list.children[1]!);
    returnFocus(place);
    expect(document.activeElement).toBe(options('Bo'));
    expect(card('Bo').contains(document.activeElement)).toBe(true);
  });

  it('leaves focus to the dialog it was in when that dialog has closed too', () => {
    renderPage([]);
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.innerHTML = '<h2>Write a Concert Review</h2><textarea></textarea>';
    document.body.append(dialog);
    const place = rememberFocusPlace(dialog.querySelector('textarea'));
    dialog.remove();
    expect(returnFocus(place)).toBeNull();
    expect(document.activeElement).toBe(document.body);
  });

  it('falls back to the main heading when nothing was noted', () => {
    renderPage([]);
    returnFocus(null);
    expect(document.activeElement?.textContent).toBe('My Reviews');
  });
});

describe('returnTargetFor', () => {
  it('gives the menu’s button for an item of the menu', () => {
    document.body.innerHTML = `
      <button id="menu-button" type="button">Review options</button>
      <div role="menu" aria-labelledby="menu-button"><div role="menuitem">Delete Review</div></div>`;
    const item = document.querySelector<HTMLElement>('[role="menuitem"]')!;
    expect(returnTargetFor(item)).toBe(document.getElementById('menu-button'));
  });

  it('gives the element itself elsewhere, and nothing for the body', () => {
    document.body.innerHTML = '<button type="button">Write Review</button>';
    const button = document.querySelector('button')!;
    expect(returnTargetFor(button)).toBe(button);
    expect(returnTargetFor(document.body)).toBeNull();
  });
});
