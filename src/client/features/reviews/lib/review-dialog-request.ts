import type { Review } from '#shared/schemas/reviews';
import type { DraftConcert, ReviewDraft } from './drafts';

/** What the review dialog opens on: a new review (of a chosen concert, or a draft) or an edit. */
export type ReviewDialogRequest =
  | { mode: 'create'; concert?: DraftConcert; draft?: ReviewDraft }
  | { mode: 'edit'; review: Review };
