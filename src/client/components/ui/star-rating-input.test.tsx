import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { STAR_TARGET_CLASS, StarRatingInput } from './star-rating-input';

afterEach(cleanup);

function Rated({ initial = 3, disabled = false }: { initial?: number; disabled?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <StarRatingInput label="Sound rating" value={value} onChange={setValue} disabled={disabled} />
  );
}

const slider = () => screen.getByRole('slider', { name: 'Sound rating' });

/** Presses star `position` at `fraction` of its width (the box is 100 px wide here). */
function press(position: number, fraction: number) {
  const star = slider().querySelector<HTMLElement>(`[data-position="${position}"]`)!;
  star.getBoundingClientRect = () =>
    ({ left: 0, width: 100, top: 0, height: 20, right: 100, bottom: 20 }) as DOMRect;
  fireEvent.pointerDown(star, { clientX: fraction * 100 });
}

describe('StarRatingInput', () => {
  it('is a named slider from 1 to 5 that says its value in stars', () => {
    render(<Rated initial={3.5} />);
    expect(slider().getAttribute('aria-valuemin')).toBe('1');
    expect(slider().getAttribute('aria-valuemax')).toBe('5');
    expect(slider().getAttribute('aria-valuenow')).toBe('3.5');
    expect(slider().getAttribute('aria-valuetext')).toBe('3.5 out of 5 stars');
  });

  it('moves by half a star with the arrow keys, to the ends with Home and End', async () => {
    render(<Rated initial={3} />);
    slider().focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(slider().getAttribute('aria-valuenow')).toBe('3.5');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowDown}');
    expect(slider().getAttribute('aria-valuenow')).toBe('2');
    await userEvent.keyboard('{End}{ArrowUp}');
    expect(slider().getAttribute('aria-valuenow')).toBe('5');
    await userEvent.keyboard('{Home}{ArrowDown}');
    expect(slider().getAttribute('aria-valuenow')).toBe('1');
  });

  it('takes a whole star from its right half and a half star from its left', () => {
    render(<Rated initial={1} />);
    press(4, 0.75);
    expect(slider().getAttribute('aria-valuenow')).toBe('4');
    press(3, 0.25);
    expect(slider().getAttribute('aria-valuenow')).toBe('2.5');
    // The left half of the first star would be half a star: the least rating is one.
    press(1, 0.1);
    expect(slider().getAttribute('aria-valuenow')).toBe('1');
  });

  it('does nothing while disabled', async () => {
    render(<Rated initial={3} disabled />);
    expect(slider().getAttribute('tabindex')).toBe('-1');
    press(5, 0.9);
    fireEvent.keyDown(slider(), { key: 'ArrowRight' });
    expect(slider().getAttribute('aria-valuenow')).toBe('3');
  });

  it('shows the chosen rating as a number beside the stars, as it changes', async () => {
    render(<Rated initial={3.5} />);
    const number = () => slider().parentElement!.querySelector('[data-rating-number]')!;
    expect(number().textContent).toBe('3.5');
    // The slider says it already: the number is not read out a second time.
    expect(number().getAttribute('aria-hidden')).toBe('true');
    press(4, 0.75);
    expect(number().textContent).toBe('4.0');
    slider().focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(number().textContent).toBe('3.5');
  });

  it('gives each half star a target of at least 24 × 24 px', () => {
    render(<Rated />);
    // Tailwind's w-12 and h-10: a star is 48 × 40 px, so each half is 24 × 40.
    expect(STAR_TARGET_CLASS.split(' ')).toEqual(expect.arrayContaining(['w-12', 'h-10']));
    for (const star of slider().querySelectorAll('[data-position]')) {
      expect(star.className).toContain(STAR_TARGET_CLASS);
    }
  });
});
