import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { ReviewContent } from '#shared/schemas/reviews';
import { ConfirmDialog } from '#client/components/layout/confirm-dialog';
import { Button } from '#client/components/ui/button';
import { DialogHeading } from '#client/components/layout/dialog-heading';
import { Dialog, DialogContent, DialogFooter } from '#client/components/ui/dialog';
import { toast } from '#client/components/ui/use-toast';
import { concertPath, paths } from '#client/config/paths';
import { ApiError } from '#client/lib/api';
import { reviewedConcertsQueryOptions } from '../api/get-reviewed-concerts';
import { useSaveReview } from '../api/review-writes';
import { useSetlist } from '../api/get-setlist';
import { useReviewDraft } from '../hooks/use-review-draft';
import { useReviewUpload } from '../hooks/use-review-upload';
import { deleteDraft, useDrafts, type DraftConcert, type ReviewDraft } from '../lib/drafts';
import type { ReviewDialogRequest } from '../lib/review-dialog-request';
import {
  ratingsOf,
  reviewFormSchema,
  reviewFormStart,
  type ReviewFormOutput,
  type ReviewFormValues,
} from '../lib/review-form';
import { ConcertPicker } from './concert-picker';
import { HighlightsPicker } from './highlights-picker';
import { MediaPicker } from './media-picker';
import { reviewCardSelector } from './review-card';
import { ReviewRatingsField } from './review-ratings-field';
import { ReviewTextField } from './review-text-field';
import { UploadProgress } from './upload-progress';

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
  onEditReview,
  onClose,
}: {
  userId: string;
  request: ReviewDialogRequest;
  /** Opens the person's existing review of a concert instead (one review per show). */
  onEditReview?: (reviewId: string) => void;
  onClose: () => void;
}) {
  const [, navigate] = useLocation();
  const [start] = useState(() => reviewFormStart(request));
  const form = useForm<ReviewFormValues, unknown, ReviewFormOutput>({
    resolver: zodResolver(reviewFormSchema, undefined, { mode: 'sync' }),
    defaultValues: start.values,
  });
  const values = useWatch({ control: form.control }) as ReviewFormValues;
  const setlist = useSetlist(values.concert?.id).data?.setlist ?? null;
  const [confirmingClose, setConfirmingClose] = useState(false);
  /** Posting was refused: the person reviewed this show already (their review, when found). */
  const [alreadyReviewed, setAlreadyReviewed] = useState<{ reviewId: string | null } | null>(null);
  const queryClient = useQueryClient();
  const save = useSaveReview();
  const upload = useReviewUpload();
  // Continuing a draft of the chosen concert switches to that draft.
  const [kept, setKept] = useState({ draftId: start.draftId, fromDraft: start.fromDraft });
  const draft = useReviewDraft({
    userId,
    draftId: kept.draftId,
    fromDraft: kept.fromDraft,
    content: {
      concert: values.concert,
      ratings: ratingsOf(values),
      reviewText: values.reviewText,
      highlights: values.highlights,
    },
  });
  // A draft the person started on the chosen concert, offered until they continue or decline it.
  const drafts = useDrafts(userId);
  const [declinedDraftIds, setDeclinedDraftIds] = useState<readonly string[]>([]);
  const offeredDraft: ReviewDraft | undefined =
    request.mode === 'create' && values.concert
      ? drafts.find(
          (d) =>
            d.concert?.id === values.concert?.id &&
            d.id !== kept.draftId &&
            !declinedDraftIds.includes(d.id),
        )
      : undefined;

  const continueDraft = (offered: ReviewDraft) => {
    // What this opening started holds nothing yet, or it stays a draft of its own.
    if (kept.draftId && !draft.touched) deleteDraft(userId, kept.draftId);
    const { values: fromDraft } = reviewFormStart({ mode: 'create', draft: offered });
    form.reset({ ...fromDraft, media: form.getValues('media') });
    setKept({ draftId: offered.id, fromDraft: true });
  };

  // Once posted, focus goes to the review's card, shown on the page the dialog opens next.
  const posted = useRef<string | null>(null);
  const isEdit = request.mode === 'edit';
  const busy = upload.uploading || save.isPending;
  const concertFixed = isEdit || (request.mode === 'create' && request.concert !== undefined);

  // Anything but the concert changed since the dialog opened would be lost by closing it.
  const { dirtyFields } = form.formState;
  const unsaved = Object.keys(dirtyFields).some((field) => field !== 'concert');
  const pickedFiles = values.media.some((item) => item.file);

  const close = () => {
    for (const item of values.media) if (item.file) URL.revokeObjectURL(item.previewUrl);
    onClose();
  };

  /** Opens the person's review of a show instead; what was typed here stays a draft. */
  const editInstead = (reviewId: string) => {
    if (!onEditReview) return;
    if (draft.touched) draft.keep();
    else draft.close();
    for (const item of values.media) if (item.file) URL.revokeObjectURL(item.previewUrl);
    onEditReview(reviewId);
  };

  /** A 409 on posting: keep everything, save the draft now, and find the review to offer. */
  const refusedAsReviewed = async (concertId: string) => {
    draft.saveNow();
    setAlreadyReviewed({ reviewId: null });
    try {
      const found = await queryClient.fetchQuery({
        ...reviewedConcertsQueryOptions(userId, [concertId]),
        staleTime: 0,
      });
      setAlreadyReviewed({ reviewId: found[0]?.reviewId ?? null });
    } catch {
      // The message stays; the review is on the concert's page too.
    }
  };

  /** Escape, Cancel, the close button or a click outside: asks first when work would be lost. */
  const requestClose = () => {
    if (busy) return;
    if (unsaved) {
      setConfirmingClose(true);
      return;
    }
    draft.close();
    close();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!form.getValues('concert')) {
      toast({
        title: 'Please select a concert',
        description: 'You must select a concert to review.',
        variant: 'destructive',
      });
      return;
    }
    void form.handleSubmit(send)();
  };

  const send = async (written: ReviewFormOutput) => {
    const concert = written.concert!;
    form.setValue(
      'media',
      written.media.map((item) => (item.error ? { ...item, error: undefined } : item)),
    );
    const uploaded = await upload.upload(written.media);
    if (!uploaded.ok) {
      const { refusedKey, message } = uploaded;
      if (refusedKey && message) {
        form.setValue(
          'media',
          form
            .getValues('media')
            .map((item) => (item.key === refusedKey ? { ...item, error: message } : item)),
        );
      }
      return;
    }
    // Songs of another concert (picked before this one) are not this show's highlights.
    const songs = new Set(
      setlist ? [...setlist.songs, ...setlist.encoreSongs].map((s) => s.title) : [],
    );
    const content: ReviewContent = {
      ...ratingsOf(written),
      reviewText: written.reviewText,
      media: written.media.map((item, index) => ({
        id: uploaded.ids[index]!,
        altText: item.altText.trim() || null,
      })),
      highlights: written.highlights.filter((song) => songs.has(song)),
    };
    save.mutate(
      isEdit
        ? { mode: 'edit', reviewId: request.review.id, content }
        : { mode: 'create', concertId: concert.id, content },
      {
        onSuccess: (review) => {
          posted.current = review.id;
          draft.forget();
          close();
          navigate(review.concertId ? concertPath(review.concertId) : paths.profile);
        },
        // Nothing typed is lost to a refusal: the form keeps it all, and so does the draft.
        onError: (error) => {
          if (!isEdit && error instanceof ApiError && error.status === 409) {
            void refusedAsReviewed(concert.id);
          } else {
            draft.saveNow();
          }
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && requestClose()}>
      <DialogContent
        // On a phone, 16 px sides leave room for five 48 px stars (half-star targets of 24 px)
        // even at 320 px.
        className="max-sm:px-4 sm:max-w-2xl"
        onInteractOutside={(event) => busy && event.preventDefault()}
        onEscapeKeyDown={(event) => busy && event.preventDefault()}
        returnFocusTo={() => posted.current && reviewCardSelector(posted.current)}
      >
        <DialogHeading
          title={isEdit ? 'Edit Concert Review' : 'Write a Concert Review'}
          description="Rate the show on what matters: the performance, the sound, the venue and the value."
        />
        <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
          {offeredDraft && (
            <div
              role="group"
              aria-labelledby={`${offeredDraft.id}-offer`}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-primary/40 bg-primary/5 p-3 text-sm"
            >
              <p id={`${offeredDraft.id}-offer`} className="font-medium">
                Continue your draft of {offeredDraft.concert?.artist}?
              </p>
              <div className="flex gap-2">
                <Button type="button" size="sm" onClick={() => continueDraft(offeredDraft)}>
                  Continue draft
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => setDeclinedDraftIds((ids) => [...ids, offeredDraft.id])}
                >
                  Start fresh
                </Button>
              </div>
            </div>
          )}
          <Controller
            control={form.control}
            name="concert"
            render={({ field }) => (
              <ConcertPicker
                userId={userId}
                value={field.value}
                onChange={(picked: DraftConcert | null) => {
                  field.onChange(picked);
                  form.setValue('highlights', [], { shouldDirty: true });
                  setAlreadyReviewed(null);
                }}
                onChooseReviewed={editInstead}
                locked={concertFixed}
              />
            )}
          />

          <ReviewRatingsField control={form.control} disabled={busy} />

          {setlist && (setlist.songs.length > 0 || setlist.encoreSongs.length > 0) && (
            <Controller
              control={form.control}
              name="highlights"
              render={({ field }) => (
                <HighlightsPicker
                  setlist={setlist}
                  value={field.value}
                  onChange={field.onChange}
                  disabled={busy}
                />
              )}
            />
          )}

          <ReviewTextField control={form.control} disabled={busy} />

          <Controller
            control={form.control}
            name="media"
            render={({ field }) => (
              <MediaPicker items={field.value} onChange={field.onChange} disabled={busy} />
            )}
          />

          {alreadyReviewed && (
            <div
              role="alert"
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/50 p-3 text-sm"
            >
              <p>
                You have already reviewed this show. What you wrote is kept here and in your drafts.
              </p>
              {alreadyReviewed.reviewId && onEditReview && (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => editInstead(alreadyReviewed.reviewId!)}
                >
                  Edit your review
                </Button>
              )}
            </div>
          )}

          {upload.progress !== null && <UploadProgress percent={upload.progress} />}
          {upload.error && (
            <p role="alert" className="text-sm text-destructive">
              {upload.error}
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
        title={draft.hasDraft ? 'Discard this review?' : 'Discard your changes?'}
        description={
          draft.hasDraft
            ? `Save it as a draft to finish later, or discard what you wrote.${
                pickedFiles ? ' Drafts keep the text and ratings, not photos or videos.' : ''
              }`
            : 'The review stays as it was posted.'
        }
        cancelLabel="Keep editing"
        otherAction={
          draft.hasDraft && (
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                draft.keep();
                close();
                toast({ title: 'Draft saved', description: 'Find it in My Reviews under Drafts.' });
              }}
            >
              Save draft
            </Button>
          )
        }
        confirmLabel="Discard"
        onConfirm={() => {
          draft.forget();
          close();
        }}
      />
    </Dialog>
  );
}
