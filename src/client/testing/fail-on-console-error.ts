/**
 * Setup of the component tests: a test that makes anything call `console.error` fails. React
 * reports there what would go wrong in a browser (an update outside act, a missing key, a
 * prop the DOM does not know, a dialog without a title). A test that expects an error spies
 * on `console.error` itself, which takes this check's place.
 */
import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

const consoleError = console.error;
let reported: string[] = [];

beforeEach(() => {
  reported = [];
  console.error = (...args: unknown[]) => {
    reported.push(format(...args));
    consoleError(...args);
  };
});

afterEach(() => {
  console.error = consoleError;
  if (reported.length > 0) {
    throw new Error(`console.error was called during the test:\n${reported.join('\n')}`);
  }
});
