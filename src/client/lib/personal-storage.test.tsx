import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetPersonalData,
  keepOfflineCopiesOf,
  lastKeptForOffline,
  noteKeptForOffline,
  PERSONAL_STORAGE_PREFIX,
} from './personal-storage';

afterEach(() => localStorage.clear());

describe('what this browser keeps of a person', () => {
  it('remembers which shows were last read for offline, for whom and when', () => {
    expect(lastKeptForOffline()).toBeUndefined();
    noteKeptForOffline({ userId: 'ana', shows: 'c1,c2', at: 1_000 });
    expect(lastKeptForOffline()).toEqual({ userId: 'ana', shows: 'c1,c2', at: 1_000 });
  });

  it('forgets drafts, the offline owner and what was read for offline, and nothing else', async () => {
    await keepOfflineCopiesOf('ana');
    noteKeptForOffline({ userId: 'ana', shows: 'c1', at: 1_000 });
    localStorage.setItem(`${PERSONAL_STORAGE_PREFIX}concert-1`, '{"text":"Loud"}');
    localStorage.setItem('encore:theme', 'dark');

    await forgetPersonalData({ server: false });
    expect(lastKeptForOffline()).toBeUndefined();
    expect(localStorage.getItem(`${PERSONAL_STORAGE_PREFIX}concert-1`)).toBeNull();
    expect(localStorage.getItem('encore:offline-owner')).toBeNull();
    expect(localStorage.getItem('encore:theme')).toBe('dark');
  });
});
