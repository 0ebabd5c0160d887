import { test } from '@playwright/test';

/** The widths the app is tested at: a desktop with a pointer, and a phone with touch. */
export const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 }, touch: false },
  { name: 'phone', viewport: { width: 375, height: 812 }, touch: true },
] as const;

type Width = (typeof WIDTHS)[number];

/** What the tests at one width are told of it. */
export interface AtWidth {
  viewport: Width['viewport'];
  touch: boolean;
  /** This width's own offset into the past concerts. */
  concerts: number;
}

/**
 * The tests `body` declares, once at each width: "<title> (desktop)" and "<title> (phone)".
 * `concerts` gives each width its own offset into the past concerts, so that the two runs,
 * side by side, do not review the same concert.
 */
export function describeAtEachWidth(title: string, body: (width: AtWidth) => void): void;
export function describeAtEachWidth(
  title: string,
  concerts: Record<Width['name'], number>,
  body: (width: AtWidth) => void,
): void;
export function describeAtEachWidth(
  title: string,
  ...args: [(width: AtWidth) => void] | [Record<Width['name'], number>, (width: AtWidth) => void]
) {
  const [concerts, body] = args.length === 1 ? [{ desktop: 0, phone: 0 }, args[0]] : args;
  for (const { name, viewport, touch } of WIDTHS) {
    test.describe(`${title} (${name})`, () => {
      test.use({ viewport, isMobile: touch, hasTouch: touch });
      body({ viewport, touch, concerts: concerts[name] });
    });
  }
}
