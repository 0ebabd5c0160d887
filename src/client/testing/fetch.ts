import { vi } from 'vitest';

/**
 * Stubs the global fetch to answer every request with `response`, and returns the mock so a
 * test can read what was asked. `vi.unstubAllGlobals()` puts the real fetch back.
 */
export function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
