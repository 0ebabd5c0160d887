/**
 * Keyboard and small screens: tabbing forwards and backwards through every main page, each
 * focused control is fully on screen, clear of the sticky header and the phone tab bar, and
 * wears a focus ring of at least 3:1 against the surface around it (light theme on the phone,
 * dark on the desktop); nothing scrolls sideways at 320 px; text over pictures keeps 4.5:1;
 * Discover on a phone shows its first concert on the first screen; the phone header carries
 * the sidebar's unread count.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import type { ConcertListItem } from '../src/shared/schemas/concerts';
import {
  artistPath,
  paths,
  profileYearPath,
  userPath,
  venuePath,
} from '../src/client/config/paths';
import { newPerson, signUp } from './support/accounts';
import { settle } from './support/axe';
import { pastConcerts } from './support/concerts';
import { signedInReader } from './support/reader';

/** A person of the demo catalogue, for the pages about someone else. */
const DEMO_USERNAME = 'mayasees_shows';

const WIDTHS = [
  { name: 'phone', viewport: { width: 375, height: 812 }, colorScheme: 'light' },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, colorScheme: 'dark' },
] as const;

/** The signed-in pages to tab through; `concert` is a past concert with reviews. */
type ReviewedConcert = Pick<ConcertListItem, 'id' | 'artistId' | 'venueId'>;

const SIGNED_IN_PAGES = [
  { name: 'Discover', path: () => paths.discover },
  { name: 'a concert', path: (concert: ReviewedConcert) => `/concerts/${concert.id}` },
  { name: 'an artist', path: (concert: ReviewedConcert) => artistPath(concert.artistId!) },
  { name: 'a venue', path: (concert: ReviewedConcert) => venuePath(concert.venueId!) },
  { name: 'Rankings', path: () => paths.rankings },
  { name: 'my year', path: () => profileYearPath(new Date().getFullYear()) },
  { name: 'Timeline', path: () => paths.timeline },
  { name: 'a profile', path: () => userPath(DEMO_USERNAME) },
  { name: 'my profile', path: () => paths.profile },
  { name: 'Notifications', path: () => paths.notifications },
  { name: 'Settings', path: () => paths.settings },
  { name: 'Wishlist', path: () => paths.wishlist },
  { name: 'My Reviews', path: () => paths.reviews },
  { name: 'My Diary', path: () => paths.diary },
] as const;

interface FocusStop {
  /** The element's number, the same in both passes; -1 for nothing focused. */
  id: number;
  /** Whether this pass has been here before: it has gone all the way round. */
  seenBefore: boolean;
  label: string;
  /** Where it is not fully in view, if anywhere. */
  hidden: string[];
  /** What is wrong with its focus ring, if anything. */
  ring: string[];
  /** Whether anything was added to or taken from the page since the last stop. */
  changed: boolean;
}

/**
 * Looks at the focused element, in the page. It must lie inside the viewport and outside
 * the sticky header and the tab bar (its raised button included), unless it is part of a
 * fixed layer itself; one taller than the room between the bars must fill that room or start
 * in it. Its ring (its own outline, or that of the card its stretched link covers) must be at
 * least 2 px wide and at 3:1 against the surface it is drawn on.
 */
function inspectFocus(pass: string): FocusStop {
  const element = document.activeElement;
  if (!element || element === document.body) {
    return { id: -1, seenBefore: false, label: '', hidden: [], ring: [], changed: false };
  }
  type Tour = {
    ids: WeakMap<Element, number>;
    count: number;
    passes: Record<string, WeakSet<Element>>;
    changed: boolean;
  };
  const tour = ((window as unknown as { focusTour?: Tour }).focusTour ??= (() => {
    const started: Tour = { ids: new WeakMap(), count: 0, passes: {}, changed: false };
    new MutationObserver(() => (started.changed = true)).observe(document.body, {
      childList: true,
      subtree: true,
    });
    return started;
  })());
  const changed = tour.changed;
  tour.changed = false;
  if (!tour.ids.has(element)) tour.ids.set(element, tour.count++);
  const id = tour.ids.get(element)!;
  const visited = (tour.passes[pass] ??= new WeakSet());
  const seenBefore = visited.has(element);
  visited.add(element);

  const label = (
    element.getAttribute('aria-label') ??
    (element.textContent || element.tagName).replace(/\s+/g, ' ')
  )
    .trim()
    .slice(0, 60);
  const hidden: string[] = [];
  const ring: string[] = [];
  const box = element.getBoundingClientRect();
  const width = document.documentElement.clientWidth;
  const height = document.documentElement.clientHeight;

  const inFixedLayer = (node: Element) => {
    for (let at: Element | null = node; at; at = at.parentElement) {
      const { position } = getComputedStyle(at);
      if (position === 'fixed' || position === 'sticky') return true;
    }
    return false;
  };
  const shown = (node: Element) => node.getClientRects().length > 0;
  const header = [...document.querySelectorAll('header')].find(
    (node) => shown(node) && inFixedLayer(node),
  );
  const tabBar = [...document.querySelectorAll('nav[aria-label="Mobile navigation"]')].find(shown);
  // The tab bar's top is its highest part: the raised centre button rises above the bar.
  const tabBarTop = tabBar
    ? Math.min(
        ...[tabBar, ...tabBar.querySelectorAll('*')].map((n) => n.getBoundingClientRect().top),
      )
    : height;
  const headerBottom = header ? header.getBoundingClientRect().bottom : 0;

  const tolerance = 0.5;
  if (box.left < -tolerance || box.right > width + tolerance) hidden.push('off screen sideways');
  if (!inFixedLayer(element)) {
    const roomTop = headerBottom;
    const roomBottom = tabBarTop;
    if (box.height > roomBottom - roomTop) {
      const fillsRoom = box.top <= roomTop + tolerance && box.bottom >= roomBottom - tolerance;
      const startsInRoom = box.top >= roomTop - tolerance && box.top < roomBottom;
      if (!fillsRoom && !startsInRoom) hidden.push('tall, and neither fills nor starts on screen');
    } else {
      if (box.top < roomTop - tolerance)
        hidden.push(header ? 'under the header' : 'above the screen');
      if (box.bottom > roomBottom + tolerance) {
        hidden.push(tabBar ? 'under the tab bar' : 'below the screen');
      }
    }
  } else if (box.top < -tolerance || box.bottom > height + tolerance) {
    hidden.push('off screen');
  }

  // The ring: the element's own outline, or its card's when a stretched link is focused.
  let ringOwner: Element | null = null;
  for (let at: Element | null = element; at && !ringOwner; at = at.parentElement) {
    const style = getComputedStyle(at);
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) ringOwner = at;
    if (at.tagName === 'ARTICLE' || at.tagName === 'LI') break;
  }
  if (!ringOwner) {
    ring.push('none');
  } else {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const paint = (colour: string) => {
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      return context.getImageData(0, 0, 1, 1).data;
    };
    const alphaOf = (colour: string) => {
      context.clearRect(0, 0, 1, 1);
      return paint(colour)[3]!;
    };
    const style = getComputedStyle(ringOwner);
    // A ring drawn over its owner's own edge sits on the owner's surface; else on the parent's.
    const surfaceStart = parseFloat(style.outlineOffset) <= 0 ? ringOwner : ringOwner.parentElement;
    const layers: string[] = [];
    for (let at: Element | null = surfaceStart; at; at = at.parentElement) {
      const colour = getComputedStyle(at).backgroundColor;
      if (alphaOf(colour) === 0) continue;
      layers.push(colour);
      if (alphaOf(colour) === 255) break;
    }
    context.clearRect(0, 0, 1, 1);
    paint(getComputedStyle(document.body).backgroundColor);
    for (const colour of layers.reverse()) paint(colour);
    const surface = context.getImageData(0, 0, 1, 1).data;
    const ringColour = paint(style.outlineColor);
    const luminance = (rgba: Uint8ClampedArray) => {
      const [r, g, b] = [rgba[0]!, rgba[1]!, rgba[2]!].map((value) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [light, dark] = [luminance(ringColour), luminance(surface)].sort((a, b) => b - a);
    const contrast = (light! + 0.05) / (dark! + 0.05);
    if (contrast < 3) ring.push(`${contrast.toFixed(2)}:1`);
  }
  return { id, seenBefore, label, hidden, ring, changed };
}

interface Tour {
  /** Focus stops on the page. */
  stops: number;
  /** Each stop not fully in view, going one way or the other, and where. */
  hidden: Map<string, string[]>;
  /** Each stop whose focus ring is missing or faint. */
  faintRings: Map<string, string[]>;
}

/**
 * How far each pass goes. Forwards covers the header, the navigation and the first cards,
 * backwards the page's end; a long list's middle repeats its first cards, and the timeline,
 * which loads more as it scrolls, would otherwise be toured for minutes.
 */
const STOPS_EACH_WAY = 60;

/** Focuses a stand-in after everything else on the page, or takes it away again. */
function focusPastTheEnd(action: 'place' | 'remove') {
  const id = 'focus-tour-end';
  if (action === 'remove') return document.getElementById(id)?.remove();
  const end = document.createElement('span');
  end.id = id;
  end.tabIndex = 0;
  document.body.append(end);
  end.focus();
}

/**
 * Tabs through the page, then shift-tabs back through it (wrapping past the end and
 * the start of the page as a browser does), and notes every stop with a problem.
 */
async function tourByKeyboard(page: Page): Promise<Tour> {
  const tour: Tour = { stops: 0, hidden: new Map(), faintRings: new Map() };
  const note = (into: Map<string, string[]>, stop: FocusStop, problems: string[]) => {
    const key = `${stop.id}: ${stop.label}`;
    into.set(key, [...new Set([...(into.get(key) ?? []), ...problems])]);
  };
  for (const [pass, key] of [
    ['forwards', 'Tab'],
    ['backwards', 'Shift+Tab'],
  ] as const) {
    let unfocused = 0;
    // Backwards starts past the page's last stop, wherever forwards stopped.
    if (pass === 'backwards') await page.evaluate(focusPastTheEnd, 'place' as const);
    for (let press = 0; press < STOPS_EACH_WAY; press++) {
      await page.keyboard.press(key);
      if (pass === 'backwards' && press === 0)
        await page.evaluate(focusPastTheEnd, 'remove' as const);
      let stop = await page.evaluate(inspectFocus, pass);
      if (stop.hidden.length > 0 && stop.changed) {
        // The page changed under the focus (a list refetched: other tests post reviews all
        // the while) and may have moved it: judge this stop again, where it now is.
        await page.keyboard.press(key === 'Tab' ? 'Shift+Tab' : 'Tab');
        await page.keyboard.press(key);
        stop = { ...stop, hidden: (await page.evaluate(inspectFocus, `${pass} again`)).hidden };
      }
      if (stop.id === -1) {
        if (++unfocused > 2) break;
        continue;
      }
      if (stop.seenBefore) break;
      if (pass === 'forwards') tour.stops++;
      if (stop.hidden.length > 0)
        note(
          tour.hidden,
          stop,
          stop.hidden.map((h) => `${key}: ${h}`),
        );
      if (stop.ring.length > 0) note(tour.faintRings, stop, stop.ring);
    }
  }
  return tour;
}

/** Tours the page and expects every stop in view with a clear ring; notes the counts. */
async function expectFocusAlwaysSeen(page: Page, minimumStops: number) {
  const { stops, hidden, faintRings } = await tourByKeyboard(page);
  const path = new URL(page.url()).pathname;
  test.info().annotations.push({
    type: 'focus stops',
    description: `${path}: ${stops} stops, ${hidden.size} hidden, ${faintRings.size} faint rings`,
  });
  expect(stops).toBeGreaterThanOrEqual(minimumStops);
  expect(Object.fromEntries(hidden), 'stops not fully in view').toEqual({});
  expect(Object.fromEntries(faintRings), 'focus rings under 3:1 or missing').toEqual({});
}

/**
 * Discover narrowed to the demo data's jazz shows, so the first card is a demo concert with a
 * poster: a Ticketmaster show another test opened (rock, with a poster that cannot load here)
 * may start sooner than any of them.
 */
async function discoverJazz(page: Page) {
  await page.goto(`${paths.discover}?genre=jazz`);
  await settle(page);
}

async function concertWithReviews(page: Page): Promise<ConcertListItem> {
  const concert = (await pastConcerts(page)).find((c) => c.averageRating);
  expect(concert, 'a past concert of the demo data with reviews').toBeDefined();
  return concert!;
}

for (const { name, viewport, colorScheme } of WIDTHS) {
  test.describe(`Focus stays in view (${name}, ${colorScheme} theme)`, () => {
    test.use({ viewport, colorScheme });

    test('the landing page, signed out', async ({ page }) => {
      await page.goto(paths.landing);
      await settle(page);
      await expectFocusAlwaysSeen(page, 6);
    });

    test.describe('signed in', () => {
      test.use({ storageState: signedInReader });

      for (const target of SIGNED_IN_PAGES) {
        test(target.name, async ({ page }) => {
          // Discover has about a hundred stops, each visited twice, on a machine that may be busy.
          test.setTimeout(240_000);
          const path = target.path(await concertWithReviews(page));
          await page.goto(path);
          await settle(page);
          if (colorScheme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
          else await expect(page.locator('html')).not.toHaveClass(/dark/);
          await expectFocusAlwaysSeen(page, 4);
        });
      }
    });
  });
}

test.describe('at 320 px nothing scrolls sideways', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  test('signed-out pages', async ({ page }) => {
    for (const path of [paths.landing, paths.auth]) {
      await page.goto(path);
      await settle(page);
      expect(await sidewaysScroll(page), path).toBeLessThanOrEqual(320);
    }
  });

  test.describe('signed in', () => {
    test.use({ storageState: signedInReader });

    test('every main page', async ({ page }) => {
      // Fourteen pages, each measured: more than one test's time on a busy machine.
      test.slow();
      const concert = await concertWithReviews(page);
      for (const target of SIGNED_IN_PAGES) {
        const path = target.path(concert);
        await page.goto(path);
        await settle(page);
        expect(await sidewaysScroll(page), path).toBeLessThanOrEqual(320);
      }
    });
  });
});

/**
 * The lowest contrast between a text's colour and the pixels behind it, shot with the text
 * made transparent: what a reader sees where the text lies over a picture or a gradient.
 */
async function lowestContrastBehind(page: Page, text: Locator): Promise<number> {
  const box = (await text.boundingBox())!;
  const colour = await text.evaluate((node) => getComputedStyle(node).color);
  await text.evaluate((node) => (node as HTMLElement).style.setProperty('color', 'transparent'));
  const shot = await page.screenshot({ clip: box });
  await text.evaluate((node) => (node as HTMLElement).style.removeProperty('color'));
  return page.evaluate(
    async ({ png, colour }) => {
      const picture = new Image();
      picture.src = `data:image/png;base64,${png}`;
      await picture.decode();
      const canvas = document.createElement('canvas');
      canvas.width = picture.width;
      canvas.height = picture.height;
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      context.drawImage(picture, 0, 0);
      const behind = context.getImageData(0, 0, canvas.width, canvas.height).data;
      const pixel = document
        .createElement('canvas')
        .getContext('2d', { willReadFrequently: true })!;
      const luminance = (r: number, g: number, b: number) =>
        [r, g, b]
          .map((value) => {
            const c = value / 255;
            return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          })
          .reduce((sum, c, index) => sum + c * [0.2126, 0.7152, 0.0722][index]!, 0);
      let lowest = Infinity;
      // Every fifth pixel: the backdrops change gently.
      for (let at = 0; at < behind.length; at += 4 * 5) {
        const [r, g, b] = [behind[at]!, behind[at + 1]!, behind[at + 2]!];
        // The text's colour as drawn over this pixel (it may be translucent).
        pixel.fillStyle = `rgb(${r} ${g} ${b})`;
        pixel.fillRect(0, 0, 1, 1);
        pixel.fillStyle = colour;
        pixel.fillRect(0, 0, 1, 1);
        const [tr, tg, tb] = pixel.getImageData(0, 0, 1, 1).data;
        const [light, dark] = [luminance(tr!, tg!, tb!), luminance(r, g, b)].sort((x, y) => y - x);
        lowest = Math.min(lowest, (light! + 0.05) / (dark! + 0.05));
      }
      return lowest;
    },
    { png: shot.toString('base64'), colour },
  );
}

test.describe('text over pictures at 375 px keeps 4.5:1', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the landing hero paragraph (${colorScheme} theme)`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto(paths.landing);
      await settle(page);
      const paragraph = page.getByText(/^Encore is where live-music fans/);
      expect(await lowestContrastBehind(page, paragraph)).toBeGreaterThanOrEqual(4.5);
    });
  }

  test.describe('signed in', () => {
    test.use({ storageState: signedInReader });

    test('the tab bar labels over a poster', async ({ page }) => {
      await discoverJazz(page);
      const tabBar = page.getByRole('navigation', { name: 'Mobile navigation' });
      // Scroll the first poster under the tab bar.
      const poster = page.getByRole('article').first().locator('img').first();
      await expect(poster).toBeVisible();
      await poster.evaluate((image) => {
        const { top, height } = image.getBoundingClientRect();
        window.scrollBy(0, top + height / 2 - (window.innerHeight - 40));
      });
      for (const label of ['Timeline', 'Friends', 'Discover', 'More']) {
        const text = tabBar.getByText(label, { exact: true });
        expect(await lowestContrastBehind(page, text), label).toBeGreaterThanOrEqual(4.5);
      }
    });
  });
});

test.describe('Discover on a 375 × 812 phone', () => {
  test.use({ storageState: signedInReader, viewport: { width: 375, height: 812 } });

  test('the first concert shows on the first screen, and Filters unfolds the filters', async ({
    page,
  }) => {
    await page.goto(paths.discover);
    await settle(page);
    const first = page.getByRole('article').first();
    const name = first.getByRole('heading', { level: 3 });
    const poster = first.locator('img, [data-slot="image-placeholder"]').first();
    await expect(name).toBeVisible();
    await expect(poster).toBeVisible();

    const headerBottom = (await page.getByRole('banner').boundingBox())!;
    const tabBarTop = await page
      .getByRole('navigation', { name: 'Mobile navigation' })
      .evaluate((bar) =>
        Math.min(...[bar, ...bar.querySelectorAll('*')].map((n) => n.getBoundingClientRect().top)),
      );
    for (const [what, locator] of [
      ['name', name],
      ['poster', poster],
    ] as const) {
      const box = (await locator.boundingBox())!;
      expect(box.y, `${what} below the header`).toBeGreaterThanOrEqual(
        headerBottom.y + headerBottom.height,
      );
      expect(box.y + box.height, `${what} above the tab bar`).toBeLessThanOrEqual(tabBarTop);
    }

    // Folded: the search stays in sight; the rest is behind the button, which counts the
    // filters changed from their defaults.
    const filters = page.getByRole('button', { name: /^Filters/ });
    await expect(filters).toHaveAccessibleName('Filters');
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    const search = page.getByRole('searchbox', { name: 'Search concerts' });
    await expect(search).toBeVisible();
    const genre = page.getByRole('combobox', { name: 'Genre' });
    await expect(genre).toBeHidden();

    await page.getByRole('button', { name: 'Jazz', exact: true }).click();
    await expect(filters).toHaveAccessibleName('Filters (1)');
    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: 'Filters' })).toBeVisible();
    await expect(search).toBeVisible();
    await expect(genre).toHaveText('Jazz');
    await search.fill('blue');
    await expect(filters).toHaveAccessibleName('Filters (2)');

    await filters.click();
    await expect(genre).toBeHidden();
    await expect(search).toBeVisible();
  });

  test('on a desktop the filters stay in view, with no Filters button', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(paths.discover);
    await settle(page);
    await expect(page.getByRole('searchbox', { name: 'Search concerts' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
  });
});

test.describe('the first poster loads first', () => {
  test.use({ storageState: signedInReader, viewport: { width: 375, height: 812 } });

  test('on Discover and on a concert page', async ({ page }) => {
    await discoverJazz(page);
    const posters = page.getByRole('article').locator('img');
    await expect(posters.first()).toHaveAttribute('loading', 'eager');
    await expect(posters.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(posters.first()).toHaveAttribute('sizes', /100vw$/);
    await expect(posters.nth(1)).toHaveAttribute('loading', 'lazy');
    await expect(posters.nth(1)).not.toHaveAttribute('fetchpriority', 'high');

    await page.goto(`/concerts/${(await concertWithReviews(page)).id}`);
    // The page's own header comes first; review cards below have headers with avatars too.
    const hero = page.getByRole('main').locator('header img').first();
    await expect(hero).toHaveAttribute('loading', 'eager');
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
  });
});

test.describe('unread notifications on a phone', () => {
  /** Someone else, in a browser session of their own, follows `userId`. */
  async function followedBySomeone(browser: Browser, page: Page, userId: string) {
    const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const other = await context.newPage();
    await signUp(other, newPerson({ firstName: 'Ana', lastName: 'Ortiz' }));
    expect((await other.request.post(`/api/users/${userId}/follow`)).ok()).toBe(true);
    await context.close();
  }

  test('the phone header shows the sidebar count and leads to Notifications', async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUp(page);
    const me = (await (await page.request.get('/api/user')).json()) as { id: string };
    await followedBySomeone(browser, page, me.id);

    await page.goto(paths.timeline);
    const sidebarLink = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Notifications' });
    await expect(sidebarLink).toHaveAccessibleDescription('1 unread');
    const sidebarBadge = page.locator('[data-sidebar="menu-badge"]');
    await expect(sidebarBadge).toHaveText('1');
    const sidebarCount = await sidebarBadge.innerText();

    await page.setViewportSize({ width: 375, height: 812 });
    const headerLink = page.getByRole('banner').getByRole('link', { name: 'Notifications' });
    await expect(headerLink).toBeVisible();
    await expect(headerLink.getByText(sidebarCount, { exact: true })).toBeVisible();
    await expect(headerLink).toHaveAccessibleDescription(`${sidebarCount} unread`);

    await headerLink.click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(headerLink).toHaveAttribute('aria-current', 'page');
  });
});
