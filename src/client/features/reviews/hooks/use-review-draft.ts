import { useEffect, useRef } from 'react';
import { DEFAULT_RATING } from '#shared/limits';
import type { Ratings } from '#shared/schemas/reviews';
import { deleteDraft, saveDraft, type DraftConcert } from '../lib/drafts';
import { RATING_FIELDS } from '../lib/review-form';

/** Unsent work is saved this long after the last keystroke. */
const DRAFT_SAVE_DELAY_MS = 400;

/** What a draft keeps of the review being written: not its photos or videos. */
export interface DraftContent {
  concert: DraftConcert | null;
  ratings: Ratings;
  reviewText: string;
  highlights: string[];
}

/**
 * Keeps a new review being written as a draft in this browser (lib/drafts.ts), saved a
 * moment after each change once anything is written, so a closed dialog or a reload can
 * pick it up again. Edits have no draft (`draftId` null). `closed` stops the saving once
 * the dialog has been closed, whatever it decided about the draft.
 */
export function useReviewDraft({
  userId,
  draftId,
  fromDraft,
  content,
}: {
  userId: string;
  draftId: string | null;
  fromDraft: boolean;
  content: DraftContent;
}) {
  const closed = useRef(false);
  const touched =
    content.reviewText.trim() !== '' ||
    content.highlights.length > 0 ||
    RATING_FIELDS.some(([key]) => content.ratings[key] !== DEFAULT_RATING);

  const save = () => {
    if (!draftId) return;
    saveDraft(userId, { id: draftId, ...content, savedAt: new Date().toISOString() });
  };

  const { concert, ratings, reviewText, highlights } = content;
  // The ratings by value: the form hands a new object each render.
  const ratingsKey = RATING_FIELDS.map(([key]) => ratings[key]).join(' ');
  useEffect(() => {
    if (!draftId || !touched) return;
    const timer = setTimeout(() => {
      if (!closed.current) save();
    }, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
    // save reads exactly these values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, draftId, touched, concert, ratingsKey, reviewText, highlights]);

  const forget = () => {
    if (draftId) deleteDraft(userId, draftId);
  };

  return {
    hasDraft: draftId !== null,
    touched,
    /** Saves it now and goes on keeping it (the server refused it: nothing typed is lost). */
    saveNow: () => {
      if (touched) save();
    },
    /** Saves it now, as the dialog closes on "Save draft". */
    keep: () => {
      closed.current = true;
      save();
    },
    /** Discarded, or posted: the draft goes. */
    forget: () => {
      closed.current = true;
      forget();
    },
    /** Closed with nothing to lose: a new review emptied again leaves no draft behind. */
    close: () => {
      closed.current = true;
      if (!fromDraft && !touched) forget();
    },
  };
}
