/**
 * What this browser keeps of a signed-in person (their review drafts) lives under one
 * prefix, so it can go whenever they sign out or delete their account: the next person at
 * this browser must not find it.
 */
export const PERSONAL_STORAGE_PREFIX = 'encore:review-drafts:';

export function forgetPersonalData(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) {
      if (key?.startsWith(PERSONAL_STORAGE_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // Storage that is blocked or unavailable holds nothing to forget.
  }
}
