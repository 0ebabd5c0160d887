/**
 * What people write is refused as too long before it is tidied, so the largest body a route
 * takes, nearly all spaces, costs no more than a short text: the answer comes at once, and the
 * process goes on answering everyone else meanwhile.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { attendance } from './db/schema.ts';
import { sessionCookieFor } from './testing/api-client.ts';
import { BrowserLikeClient } from './testing/browser-like-client.ts';
import { TEST_RATINGS } from './testing/review-fixtures.ts';
import { openSignInPage } from './testing/sign-in.ts';
import { useTestApp } from './testing/use-test-app.ts';
import { daysFromToday } from './db/seed/factories.ts';

const server = useTestApp();
const { person, create } = server;

/** The largest JSON body the API reads (app.ts) and the largest sign-in form (auth/provider). */
const JSON_BODY_LIMIT = 1024 * 1024;
const FORM_BODY_LIMIT = 16 * 1024;
/** How far under a body limit the sent bodies stay. */
const MARGIN = 64;

interface Sent {
  status: number;
  body: string;
}

/** Milliseconds of CPU time this process has spent since `since` (a process.cpuUsage()). */
function cpuMsSince(since: NodeJS.CpuUsage) {
  const spent = process.cpuUsage(since);
  return (spent.user + spent.system) / 1000;
}

/**
 * Sends `send` and, until it has answered, asks /healthz one request after another. Answers
 * what `send` got, the time it took and the longest wait for /healthz. Times are this
 * process's CPU time (the server runs in it), not the clock's: on a busy machine the clock also
 * counts the time the process waits for a core, which says nothing of the server.
 */
async function sendWhileCheckingHealth(send: () => Promise<Sent>) {
  const started = process.cpuUsage();
  let answered = false;
  const sending = send().finally(() => {
    answered = true;
  });
  let slowestHealth = 0;
  do {
    const asked = process.cpuUsage();
    const health = await fetch(`${server.url}/healthz`);
    await health.text();
    expect(health.status).toBe(200);
    slowestHealth = Math.max(slowestHealth, cpuMsSince(asked));
  } while (!answered);
  const sent = await sending;
  return { ...sent, took: cpuMsSince(started), slowestHealth };
}

/** A refusal comes within a second of CPU time, and /healthz meanwhile within 100 ms. */
const ANSWER_WITHIN_MS = 1000;
const HEALTH_WITHIN_MS = 100;

/**
 * The best of up to three sends of the same request: the work a request causes shows in every
 * try, while the pauses of a busy process (a collection, a job queue's poll) fall on one try or
 * another.
 */
async function bestOfThree(send: () => Promise<Sent>) {
  let best = await sendWhileCheckingHealth(send);
  for (let tries = 1; tries < 3; tries += 1) {
    if (best.took < ANSWER_WITHIN_MS && best.slowestHealth < HEALTH_WITHIN_MS) break;
    const next = await sendWhileCheckingHealth(send);
    if (next.slowestHealth + next.took < best.slowestHealth + best.took) best = next;
  }
  return best;
}

/**
 * Two letters with spaces between, `length` characters in all: a pattern that trims the end by
 * trying from every space would take time growing with the square of the run.
 */
const spacedOut = (length: number) => `a${' '.repeat(length - 2)}b`;

/** A JSON body whose `field` is as long a spaced-out text as the body limit lets through. */
function withSpaces(body: Record<string, unknown>, field: string) {
  const length = JSON_BODY_LIMIT - JSON.stringify({ ...body, [field]: '' }).length - MARGIN;
  return JSON.stringify({ ...body, [field]: spacedOut(length) });
}

async function sendJson(method: string, path: string, body: string, cookie: string) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json', cookie },
    body,
  });
  return { status: response.status, body: await response.text() };
}

/** A person's session cookie, for requests over real HTTP. */
async function cookieOfNewPerson() {
  const { user } = await person();
  return { user, cookie: await sessionCookieFor(server, user.id) };
}

interface JsonCase {
  route: string;
  field: string;
  /** The path, and the rest of a body the route would otherwise take, for the person sending. */
  request: (userId: string) => Promise<{ path: string; body: Record<string, unknown> }>;
  message: string;
}

const jsonCases: JsonCase[] = [
  ...(
    [
      ['firstName', 'Name too long'],
      ['lastName', 'Name too long'],
      ['bio', 'Bio too long'],
      ['location', 'Location too long'],
      ['username', 'Username must be between 3 and 30 characters'],
    ] as const
  ).map(([field, message]) => ({
    route: 'PUT /api/users/me',
    field,
    request: async () => ({ path: '/api/users/me', body: {} }),
    message,
  })),
  {
    route: 'POST /api/reviews',
    field: 'reviewText',
    request: async () => {
      const concert = await create.concert({ date: daysFromToday(-3) });
      return { path: '/api/reviews', body: { ...TEST_RATINGS, concertId: concert.id } };
    },
    message: 'reviewText must be at most 2000 characters',
  },
  {
    route: 'PUT /api/reviews/:id',
    field: 'reviewText',
    request: async (userId) => {
      const review = await create.review({ userId });
      return { path: `/api/reviews/${review.id}`, body: { ...TEST_RATINGS } };
    },
    message: 'reviewText must be at most 2000 characters',
  },
  {
    route: 'POST /api/reviews/:id/comments',
    field: 'commentText',
    request: async () => {
      const review = await create.review({ userId: (await create.user()).id });
      return { path: `/api/reviews/${review.id}/comments`, body: {} };
    },
    message: 'commentText must be at most 500 characters',
  },
  {
    route: 'POST /api/reports',
    field: 'text',
    request: async () => {
      const review = await create.review({ userId: (await create.user()).id });
      return {
        path: '/api/reports',
        body: { targetKind: 'review', targetId: review.id, reason: 'spam' },
      };
    },
    message: 'text must be at most 1000 characters',
  },
  ...(
    [
      ['seat', 'seat must be at most 100 characters'],
      ['note', 'note must be at most 1000 characters'],
    ] as const
  ).map(([field, message]) => ({
    route: 'PUT /api/concerts/:id/attendance/ticket',
    field,
    request: async (userId: string) => {
      const concert = await create.concert({ date: daysFromToday(-3) });
      await server
        .db()
        .insert(attendance)
        .values({ userId, concertId: concert.id, status: 'attended', concertDate: concert.date });
      return { path: `/api/concerts/${concert.id}/attendance/ticket`, body: {} };
    },
    message,
  })),
];

describe('a megabyte of spaces in what people write', () => {
  beforeAll(async () => {
    // A fresh process's first requests open the connection and compile the code they meet;
    // what is measured here is the wait another request sees, so start from a warm process.
    const { cookie } = await cookieOfNewPerson();
    await sendJson('PUT', '/api/users/me', JSON.stringify({ bio: 'warm' }), cookie);
    await fetch(`${server.url}/healthz`);
  });

  it.each(jsonCases)(
    '$route refuses $field at once while /healthz answers',
    async ({ route, field, request, message }) => {
      const { user, cookie } = await cookieOfNewPerson();
      const { path, body } = await request(user.id);
      const method = route.split(' ')[0]!;
      const sent = await bestOfThree(() => sendJson(method, path, withSpaces(body, field), cookie));
      expect(sent.status, field).toBe(400);
      expect(JSON.parse(sent.body), field).toEqual({
        message: `Invalid body field '${field}': ${message}`,
      });
      expect(sent.took, field).toBeLessThan(ANSWER_WITHIN_MS);
      expect(sent.slowestHealth, field).toBeLessThan(HEALTH_WITHIN_MS);
    },
  );

  it.each([
    ['firstName', 'First name too long'],
    ['lastName', 'Last name too long'],
  ])(
    'the create-account form refuses %s at once while /healthz answers',
    async (field, message) => {
      const client = new BrowserLikeClient(server.url);
      const { interactionPath } = await openSignInPage(client, 'create-account');
      const form: Record<string, string> = {
        firstName: 'Ada',
        lastName: '',
        email: 'ada@example.com',
        password: 'correct horse',
      };
      const others = new URLSearchParams({ ...form, [field]: '' }).toString().length;
      form[field] = spacedOut(FORM_BODY_LIMIT - others - MARGIN);
      const sent = await bestOfThree(() =>
        client.request('POST', `${interactionPath}/create-account`, { form }),
      );
      expect(sent.status, field).toBe(400);
      expect(sent.body, field).toContain(message);
      expect(sent.took, field).toBeLessThan(ANSWER_WITHIN_MS);
      expect(sent.slowestHealth, field).toBeLessThan(HEALTH_WITHIN_MS);
    },
  );
});
