/**
 * Reviews someone started and did not post, kept in this browser (localStorage) per
 * person, so a closed dialog or a reload loses nothing. Photos are not kept: files
 * cannot be stored there, and uploads nobody posts are removed after a day.
 */
import { useSyncExternalStore } from 'react';
import { PERSONAL_STORAGE_PREFIX } from '#client/lib/personal-storage';

export interface DraftConcert {
  id: string;
  artist: string;
  venue: string;
  city: string;
  date: string;
}

export interface ReviewDraft {
  id: string;
  concert: DraftConcert | null;
  ratings: {
    overallRating: number;
    performanceRating: number;
    soundRating: number;
    venueRating: number;
    valueRating: number;
  };
  reviewText: string;
  /** Setlist songs marked as highlights; absent in drafts kept before there were any. */
  highlights?: string[];
  savedAt: string;
}

const MAX_DRAFTS = 20;
const storageKey = (userId: string) => `${PERSONAL_STORAGE_PREFIX}${userId}`;
const listeners = new Set<() => void>();
const snapshots = new Map<string, { raw: string | null; drafts: ReviewDraft[] }>();

function isDraft(value: unknown): value is ReviewDraft {
  if (!value || typeof value !== 'object') return false;
  const draft = value as Partial<ReviewDraft>;
  return (
    typeof draft.id === 'string' &&
    typeof draft.reviewText === 'string' &&
    typeof draft.savedAt === 'string' &&
    typeof draft.ratings === 'object' &&
    draft.ratings !== null
  );
}

function parse(raw: string | null): ReviewDraft[] {
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter(isDraft) : [];
  } catch {
    return [];
  }
}

/** The stored drafts; the same array while the stored text is the same (what React needs). */
function read(userId: string): ReviewDraft[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(storageKey(userId));
  } catch {
    return [];
  }
  const known = snapshots.get(userId);
  if (known && known.raw === raw) return known.drafts;
  const drafts = parse(raw);
  snapshots.set(userId, { raw, drafts });
  return drafts;
}

function write(userId: string, drafts: ReviewDraft[]): void {
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(drafts.slice(0, MAX_DRAFTS)));
  } catch {
    // Storage full or off: the draft is only lost, nothing else breaks.
  }
  for (const listener of listeners) listener();
}

export function saveDraft(userId: string, draft: ReviewDraft): void {
  write(userId, [draft, ...read(userId).filter((d) => d.id !== draft.id)]);
}

export function deleteDraft(userId: string, draftId: string): void {
  write(
    userId,
    read(userId).filter((d) => d.id !== draftId),
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith('encore:review-drafts:')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The person's drafts, newest first, updated when any tab changes them. */
export function useDrafts(userId: string): ReviewDraft[] {
  return useSyncExternalStore(
    subscribe,
    () => read(userId),
    () => [],
  );
}
