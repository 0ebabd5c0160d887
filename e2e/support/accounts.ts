import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

let created = 0;

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export function newPerson(overrides: Partial<Person> = {}): Person {
  created += 1;
  const tag = `${Date.now().toString(36)}${created}${Math.random().toString(36).slice(2, 6)}`;
  return {
    firstName: 'Robin',
    lastName: 'Fields',
    email: `robin.${tag}@example.com`,
    password: 'loud and clear',
    ...overrides,
  };
}

/** From the landing page's Get started (a link or a button) to /auth. */
export async function getStarted(page: Page): Promise<void> {
  await page.goto('/');
  await page
    .getByRole('link', { name: 'Get started' })
    .or(page.getByRole('button', { name: 'Get started' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/auth$/);
}

/** The onboarding wizard every new account meets over its first page. */
export const onboardingWizard = (page: Page) =>
  page.getByRole('dialog', { name: 'Complete your profile' });

/** Puts the onboarding away for good, as "Skip for now" does, and waits for it to close. */
export async function skipOnboarding(page: Page): Promise<void> {
  const wizard = onboardingWizard(page);
  await wizard.getByRole('button', { name: 'Skip for now' }).click();
  await expect(wizard).toBeHidden();
}

/**
 * From /auth through Encore's own sign-in pages to /discover, as a newcomer would, with a
 * click on each. The onboarding wizard that opens there is skipped, unless `keepOnboarding`
 * leaves it open for the test. For the tests of signing up itself; the rest use `signUp`.
 */
export async function signUpThroughThePages(
  page: Page,
  person: Person = newPerson(),
  { keepOnboarding = false }: { keepOnboarding?: boolean } = {},
): Promise<Person> {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Your Account' }).click();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/discover$/);
  if (!keepOnboarding) await skipOnboarding(page);
  return person;
}

/**
 * A new account, signed in, on /discover: the same requests to the same sign-in pages as
 * `signUpThroughThePages`, sent without drawing them (the page's browser context gets the
 * session cookie). The onboarding is skipped as its "Skip for now" does, unless
 * `keepOnboarding` leaves it to open over Discover.
 */
export async function signUp(
  page: Page,
  person: Person = newPerson(),
  { keepOnboarding = false }: { keepOnboarding?: boolean } = {},
): Promise<Person> {
  const signInPage = await page.request.get('/api/login');
  expect(signInPage.ok(), 'the sign-in page').toBe(true);
  const created = await page.request.post(`${new URL(signInPage.url()).pathname}/create-account`, {
    form: { ...person },
  });
  expect(new URL(created.url()).pathname, 'where creating the account ends').toBe('/discover');
  if (!keepOnboarding) {
    const skipped = await page.request.put('/api/users/me', { data: { onboardingStep: null } });
    expect(skipped.ok(), 'skipping the onboarding').toBe(true);
  }
  await page.goto('/discover');
  return person;
}

export async function signIn(page: Page, person: Person): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Your Account' }).click();
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/discover$/);
}

/** A last name nobody else in the database has, so searching for it finds one person. */
export const uniqueLastName = (stem: string) =>
  `${stem}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A newcomer with `firstName` and a last name of `stem` nobody else has: a search finds one. */
export const findablePerson = (firstName: string, stem: string) =>
  newPerson({ firstName, lastName: uniqueLastName(stem) });

export const nameOf = (person: Person) => `${person.firstName} ${person.lastName}`;

/**
 * Someone else, signed up in a browser context of their own beside the test's page, so that
 * two people can act side by side. The test closes `context` when done.
 */
export async function signUpElsewhere(
  browser: Browser,
  baseURL: string | undefined,
  person: Person,
): Promise<{ context: BrowserContext; page: Page; person: Person }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  return { context, page, person: await signUp(page, person) };
}
