import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import { z } from 'zod';
import { DEFAULT_RATING, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from '#shared/limits';
import { reviewTextRule, type ReviewContent } from '#shared/schemas/reviews';
import { ConfirmDialog } from '#client/components/layout/confirm-dialog';
import { Button } from '#client/components/ui/button';
import { DialogHeading } from '#client/components/layout/dialog-heading';
import { Dialog, DialogContent, DialogFooter } from '#client/components/ui/dialog';
import { StarRatingInput } from '#client/components/ui/star-rating-input';
import { Textarea } from '#client/components/ui/textarea';
import { toast } from '#client/components/ui/use-toast';
import { concertPath, paths } from '#client/config/paths';
import { useSaveReview } from '../api/review-writes';
import { useSetlist } from '../api/get-setlist';
import { uploadMedia, uploadRefusal } from '../api/upload-media';
import { deleteDraft, saveDraft, type DraftConcert, type ReviewDraft } from '../lib/drafts';
import type { ReviewDialogRequest } from '../lib/review-dialog-request';
import { ConcertPicker } from './concert-picker';
import { HighlightsPicker } from './highlights-picker';
import { UploadProgress } from './upload-progress';
import { MediaPicker, pickedFromReview, type PickedMedia } from './media-picker';
import { reviewCardSelector } from './review-card';

type Ratings = ReviewDraft['ratings'];

const RATING_FIELDS: [keyof Ratings, string][] = [
  ['overallRating', 'Overall rating'],
  ['performanceRating', 'Performance rating'],
  ['soundRating', 'Sound quality rating'],
  ['venueRating', 'Venue rating'],
  ['valueRating', 'Value for money rating'],
];

const DEFAULT_RATINGS: Ratings = {
  overallRating: DEFAULT_RATING,
  performanceRating: DEFAULT_RATING,
  soundRating: DEFAULT_RATING,
  venueRating: DEFAULT_RATING,
  valueRating: DEFAULT_RATING,
};

/** The text's rule, as the dialog words it for the writer. */
const reviewFormSchema = z.object({
  reviewText: reviewTextRule({
    tooShort: `Write at least ${REVIEW_TEXT_MIN} characters.`,
    tooLong: `Keep it to ${REVIEW_TEXT_MAX} characters.`,
  }),
});
type ReviewFormValues = z.input<typeof reviewFormSchema>;
type ReviewFormOutput = z.output<typeof reviewFormSchema>;

/** Unsent work is saved this long after the last keystroke. */
const DRAFT_SAVE_DELAY_MS = 400;

function initialState(request: ReviewDialogRequest) {
  if (request.mode === 'edit') {
    const { review } = request;
    return {
      draftId: null,
      fromDraft: false,
      concert: review.concert as DraftConcert,
      ratings: {
        overallRating: review.overallRating,
        performanceRating: review.performanceRating,
        soundRating: review.soundRating,
        venueRating: review.venueRating,
        valueRating: review.valueRating,
      },
      reviewText: review.reviewText,
      highlights: review.highlights,
      media: pickedFromReview(review.media),
    };
  }
  const { draft } = request;
  return {
    draftId: draft?.id ?? crypto.randomUUID(),
    fromDraft: draft !== undefined,
    concert: draft?.concert ?? request.concert ?? null,
    ratings: draft?.ratings ?? DEFAULT_RATINGS,
    reviewText: draft?.reviewText ?? '',
    // Drafts are read from storage, which anything may have written.
    highlights: Array.isArray(draft?.highlights)
      ? draft.highlights.filter((song): song is string => typeof song === 'string')
      : [],
    media: [] as PickedMedia[],
  };
}

const sameRatings = (a: Ratings, b: Ratings) => RATING_FIELDS.every(([key]) => a[key] === b[key]);

const sameSongs = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((song, index) => song === b[index]);

const sameMedia = (a: readonly PickedMedia[], b: readonly PickedMedia[]) =>
  a.length === b.length &&
  a.every((item, index) => item.key === b[index]!.key && item.altText === b[index]!.altText);

/**
 * Write or edit a review (docs/product.md §2 "Dialogs", §4 "Review dialog"): the concert (searched
 * in create mode, fixed in edit mode), five half-star ratings, the text with its counter, photos
 * and videos with alt text. Files upload first, with a progress bar and then "Processing…" until
 * the server answers; a file the server refuses shows its reason. On success the dialog closes and
 * the concert's page opens. A review being written is kept as a draft in this browser until it is
 * posted, and closing the dialog on unsaved work asks first whether to keep it as a draft or
 * discard it.
 */
export function ReviewDialog({
  userId,
  request,
  onClose,
}: {
  userId: string;
  request: ReviewDialogRequest;
  onClose: () => void;
}) {
  const [, navigate] = useLocation();
  const [start] = useState(() => initialState(request));
  const [concert, setConcert] = useState<DraftConcert | null>(start.concert);
  const [ratings, setRatings] = useState<Ratings>(start.ratings);
  const form = useForm<ReviewFormValues, unknown, ReviewFormOutput>({
    resolver: zodResolver(reviewFormSchema, undefined, { mode: 'sync' }),
    defaultValues: { reviewText: start.reviewText },
  });
  const reviewText = useWatch({ control: form.control, name: 'reviewText' });
  const [highlights, setHighlights] = useState<string[]>(start.highlights);
  const setlist = useSetlist(concert?.id).data?.setlist ?? null;
  const [media, setMedia] = useState<PickedMedia[]>(start.media);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const closed = useRef(false);
  const save = useSaveReview();
  // Once posted, focus goes to the review's card, shown on the page the dialog opens next.
  const posted = useRef<string | null>(null);
  const textId = useId();
  const counterId = useId();
  const errorId = useId();
  const isEdit = request.mode === 'edit';
  const busy = uploadProgress !== null || save.isPending;
  const concertFixed = isEdit || (request.mode === 'create' && request.concert !== undefined);

  // Keep what is being written, so a closed dialog or a reload can pick it up again.
  const draftId = start.draftId;
  const touched =
    reviewText.trim() !== '' ||
    highlights.length > 0 ||
    RATING_FIELDS.some(([key]) => ratings[key] !== DEFAULT_RATING);
  const saveThisDraft = () => {
    if (!draftId) return;
    saveDraft(userId, {
      id: draftId,
      concert,
      ratings,
      reviewText,
      highlights,
      savedAt: new Date().toISOString(),
    });
  };
  useEffect(() => {
    if (!draftId || !touched) return;
    const timer = setTimeout(() => {
      if (!closed.current) saveThisDraft();
    }, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
    // saveThisDraft reads exactly these values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, draftId, touched, concert, ratings, reviewText, highlights]);

  // Anything changed since the dialog opened would be lost by closing it.
  const unsaved =
    reviewText !== start.reviewText ||
    !sameRatings(ratings, start.ratings) ||
    !sameSongs(highlights, start.highlights) ||
    !sameMedia(media, start.media);
  const pickedFiles = media.some((item) => item.file);

  const close = () => {
    closed.current = true;
    for (const item of media) if (item.file) URL.revokeObjectURL(item.previewUrl);
    onClose();
  };

  /** Escape, Cancel, the close button or a click outside: asks first when work would be lost. */
  const requestClose = () => {
    if (busy) return;
    if (unsaved) {
      setConfirmingClose(true);
      return;
    }
    // A new review emptied again leaves no draft behind.
    if (draftId && !start.fromDraft && !touched) deleteDraft(userId, draftId);
    close();
  };

  const keepAsDraft = () => {
    saveThisDraft();
    close();
  };

  const discard = () => {
    if (draftId) deleteDraft(userId, draftId);
    close();
  };

  // Shown once Post was tried, then kept up to date as the text changes.
  const textError = form.formState.errors.reviewText?.message ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!concert) {
      toast({
        title: 'Please select a concert',
        description: 'You must select a concert to review.',
        variant: 'destructive',
      });
      return;
    }
    void form.handleSubmit((written) => send(concert, written.reviewText))();
  };

  const send = async (concert: DraftConcert, reviewText: string) => {
    const fresh = media.filter((item) => item.file);
    let uploadedUrls: string[] = [];
    if (fresh.length > 0) {
      const files = fresh.map((item) => item.file!);
      setUploadProgress(0);
      setUploadError(null);
      setMedia((current) =>
        current.map((item) => (item.error ? { ...item, error: undefined } : item)),
      );
      try {
        const uploaded = await uploadMedia(files, (fraction) => setUploadProgress(fraction * 100));
        uploadedUrls = uploaded.paths;
        toast({ title: 'Files uploaded successfully!' });
      } catch (error) {
        toast({
          title: 'Upload failed',
          description: 'Failed to upload files. Please try again.',
          variant: 'destructive',
        });
        // The server's reason goes next to the file it names, else under the files.
        const refusal = uploadRefusal(error, files);
        const refusedKey = refusal?.fileIndex != null ? fresh[refusal.fileIndex]!.key : null;
        if (refusal && refusedKey) {
          setMedia((current) =>
            current.map((item) =>
              item.key === refusedKey ? { ...item, error: refusal.message } : item,
            ),
          );
        } else if (refusal) {
          setUploadError(refusal.message);
        }
        setUploadProgress(null);
        return;
      }
      setUploadProgress(null);
    }
    let next = 0;
    const photos = media.map((item) => ({
      url: item.existing ? item.existing.url : uploadedUrls[next++]!,
      altText: item.altText.trim() || null,
    }));
    // Songs of another concert (picked before this one) are not this show's highlights.
    const songs = new Set(
      setlist ? [...setlist.songs, ...setlist.encoreSongs].map((s) => s.title) : [],
    );
    const content: ReviewContent = {
      ...ratings,
      reviewText,
      photos,
      highlights: highlights.filter((song) => songs.has(song)),
    };
    save.mutate(
      isEdit
        ? { mode: 'edit', reviewId: request.review.id, content }
        : { mode: 'create', concertId: concert.id, content },
      {
        onSuccess: (review) => {
          posted.current = review.id;
          if (draftId) deleteDraft(userId, draftId);
          close();
          navigate(review.concertId ? concertPath(review.concertId) : paths.profile);
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && requestClose()}>
      <DialogContent
        className="sm:max-w-2xl"
        onInteractOutside={(event) => busy && event.preventDefault()}
        onEscapeKeyDown={(event) => busy && event.preventDefault()}
        returnFocusTo={() => posted.current && reviewCardSelector(posted.current)}
      >
        <DialogHeading
          title={isEdit ? 'Edit Concert Review' : 'Write a Concert Review'}
          description="Rate the show on what matters: the performance, the sound, the venue and the value."
        />
        <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
          <ConcertPicker
            value={concert}
            onChange={(picked) => {
              setConcert(picked);
              setHighlights([]);
            }}
            locked={concertFixed}
          />

          <fieldset className="grid gap-3 sm:grid-cols-2" disabled={busy}>
            <legend className="mb-2 text-sm font-medium">Ratings</legend>
            {RATING_FIELDS.map(([key, label]) => (
              <div key={key} className="flex flex-col gap-1">
                <span className="text-sm text-muted-foreground" aria-hidden="true">
                  {label.replace(' rating', '')}
                </span>
                <StarRatingInput
                  label={label}
                  value={ratings[key]}
                  onChange={(value) => setRatings((current) => ({ ...current, [key]: value }))}
                  disabled={busy}
                />
              </div>
            ))}
          </fieldset>

          {setlist && (setlist.songs.length > 0 || setlist.encoreSongs.length > 0) && (
            <HighlightsPicker
              setlist={setlist}
              value={highlights}
              onChange={setHighlights}
              disabled={busy}
            />
          )}

          <div className="flex flex-col gap-2">
            <label htmlFor={textId} className="text-sm font-medium">
              Your review
            </label>
            <Textarea
              id={textId}
              {...form.register('reviewText')}
              maxLength={REVIEW_TEXT_MAX}
              rows={5}
              placeholder="How was the show? The setlist, the crowd, the sound..."
              aria-describedby={`${counterId}${textError ? ` ${errorId}` : ''}`}
              aria-invalid={textError ? true : undefined}
              disabled={busy}
            />
            <div className="flex justify-between gap-3 text-xs">
              <span id={errorId} className="text-destructive">
                {textError}
              </span>
              <span id={counterId} className="text-muted-foreground tabular-nums">
                {reviewText.length}/{REVIEW_TEXT_MAX} characters
              </span>
            </div>
          </div>

          <MediaPicker items={media} onChange={setMedia} disabled={busy} />

          {uploadProgress !== null && <UploadProgress percent={uploadProgress} />}
          {uploadError && (
            <p role="alert" className="text-sm text-destructive">
              {uploadError}
            </p>
          )}

          <DialogFooter>
            <Button type="button" variant="outline" onClick={requestClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" busy={busy}>
              {busy
                ? isEdit
                  ? 'Updating...'
                  : 'Posting...'
                : isEdit
                  ? 'Update Review'
                  : 'Post Review'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
      {/* Keep editing goes back to where the person was in the form (the shared focus return). */}
      <ConfirmDialog
        open={confirmingClose}
        onOpenChange={setConfirmingClose}
        title={draftId ? 'Discard this review?' : 'Discard your changes?'}
        description={
          draftId
            ? `Save it as a draft to finish later, or discard what you wrote.${
                pickedFiles ? ' Drafts keep the text and ratings, not photos or videos.' : ''
              }`
            : 'The review stays as it was posted.'
        }
        cancelLabel="Keep editing"
        otherAction={
          draftId && (
            <Button type="button" variant="outline" onClick={keepAsDraft}>
              Save draft
            </Button>
          )
        }
        confirmLabel="Discard"
        onConfirm={discard}
      />
    </Dialog>
  );
}
