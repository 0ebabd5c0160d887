import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { useId, useRef, useState, type MouseEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { COMMENT_TEXT_MAX } from '#shared/limits';
import { createCommentBodySchema, type Comment } from '#shared/schemas/reviews';
import { authorName } from '#shared/user-display';
import { ListState } from '#client/components/layout/list-state';
import { PersonAvatar } from '#client/components/layout/person-avatar';
import { Button } from '#client/components/ui/button';
import { RelativeTime } from '#client/components/ui/relative-time';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog';
import { Spinner } from '#client/components/ui/spinner';
import { Textarea } from '#client/components/ui/textarea';
import { rememberFocusPlace, returnFocusWhenRemoved } from '#client/lib/focus-return';
import { useComments, useDeleteComment, usePostComment } from '../api/comments';
import { ReportButton } from './report-button';

/**
 * A review's comments (docs/product.md §2 "Comments dialog"): fetched only while open, at most 80 %
 * of the viewport high; a signed-in person can post one and delete their own, and the review's
 * author can delete any of them.
 */
export function CommentsDialog({
  reviewId,
  reviewAuthorId,
  authorDisplayName,
  viewerId,
  open,
  onOpenChange,
}: {
  reviewId: string;
  reviewAuthorId: string;
  authorDisplayName: string;
  viewerId: string | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const commentsQuery = useComments(reviewId, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[80vh] flex-col gap-4 sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Review by {authorDisplayName}</DialogTitle>
          <DialogDescription className="sr-only">Comments on this review</DialogDescription>
        </DialogHeader>
        <div className="-mx-2 min-h-16 flex-1 overflow-y-auto px-2">
          <ListState
            query={commentsQuery}
            items={commentsQuery.data}
            loading={
              <div className="flex justify-center py-6">
                <Spinner label="Loading comments" />
              </div>
            }
            error={{ title: 'Failed to fetch comments' }}
            empty={
              <p className="py-6 text-center text-sm text-muted-foreground">
                No comments yet. Be the first to share your thoughts!
              </p>
            }
          >
            {(comments) => (
              <ul className="flex flex-col gap-4">
                {comments.map((comment) => (
                  <li key={comment.id}>
                    <CommentEntry
                      comment={comment}
                      reviewId={reviewId}
                      canDelete={
                        viewerId !== undefined &&
                        (comment.userId === viewerId || reviewAuthorId === viewerId)
                      }
                      canReport={viewerId !== undefined && comment.userId !== viewerId}
                    />
                  </li>
                ))}
              </ul>
            )}
          </ListState>
        </div>
        <CommentForm reviewId={reviewId} />
      </DialogContent>
    </Dialog>
  );
}

function CommentEntry({
  comment,
  reviewId,
  canDelete,
  canReport,
}: {
  comment: Comment;
  reviewId: string;
  canDelete: boolean;
  canReport: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  // Set when the question is put away, so the Delete button it replaced takes focus again.
  const [backFromConfirming, setBackFromConfirming] = useState(false);
  const remove = useDeleteComment(reviewId);
  const name = comment.user ? authorName(comment.user) : 'Anonymous';
  const confirmDelete = (event: MouseEvent<HTMLButtonElement>) => {
    // The comment leaves the list once deleted: focus goes on to the next one (or the title).
    const place = rememberFocusPlace(event.currentTarget);
    if (place) returnFocusWhenRemoved(place);
    remove.mutate(comment.id, {
      onError: () => {
        setConfirming(false);
        setBackFromConfirming(true);
      },
    });
  };
  return (
    <article className="flex gap-3">
      <PersonAvatar person={comment.user} className="size-8" fallbackClassName="text-xs" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold">{name}</span>
          <RelativeTime
            timestamp={comment.createdAt}
            fallback={<span className="text-xs text-muted-foreground">Unknown date</span>}
            className="text-xs text-muted-foreground"
          />
        </p>
        <p className="mt-0.5 text-sm break-words whitespace-pre-line">{comment.commentText}</p>
        {canDelete &&
          (confirming ? (
            <div
              role="group"
              aria-label="Delete comment"
              className="mt-2 flex flex-wrap items-center gap-2 text-sm"
            >
              <span>Are you sure you want to delete this comment?</span>
              {/* The question replaces the button that asked it: focus moves into it. */}
              <Button
                type="button"
                size="sm"
                variant="outline"
                autoFocus
                onClick={() => {
                  setConfirming(false);
                  setBackFromConfirming(true);
                }}
              >
                Cancel
              </Button>
              <Button
                type="button"
                size="sm"
                variant="destructive"
                busy={remove.isPending}
                onClick={confirmDelete}
              >
                {remove.isPending ? 'Deleting...' : 'Delete'}
              </Button>
            </div>
          ) : (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="mt-1 h-7 px-2 text-muted-foreground"
              autoFocus={backFromConfirming}
              onClick={() => setConfirming(true)}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          ))}
        {canReport && !confirming && (
          <ReportButton
            kind="comment"
            id={comment.id}
            authorName={name}
            className="mt-1 h-7 px-2 text-muted-foreground"
          />
        )}
      </div>
    </article>
  );
}

function CommentForm({ reviewId }: { reviewId: string }) {
  // The API's comment rule: Post Comment waits for some text besides spaces.
  const form = useForm<z.input<typeof createCommentBodySchema>>({
    resolver: zodResolver(createCommentBodySchema, undefined, { mode: 'sync' }),
    defaultValues: { commentText: '' },
    mode: 'onChange',
  });
  const text = useWatch({ control: form.control, name: 'commentText' });
  const post = usePostComment(reviewId);
  const fieldId = useId();
  const counterId = useId();
  // Our own handle on the box: reset() forgets the form's, so setFocus right after it does nothing.
  const box = useRef<HTMLTextAreaElement | null>(null);
  const { ref: registerBox, ...boxField } = form.register('commentText');
  const send = ({ commentText }: { commentText: string }) => {
    if (post.isPending) return;
    post.mutate(commentText, {
      onSuccess: () => {
        form.reset();
        // The emptied box disables Post Comment, which had focus: back to the box.
        box.current?.focus();
      },
    });
  };
  return (
    <form
      onSubmit={(event) => void form.handleSubmit(send)(event)}
      className="flex flex-col gap-2 border-t pt-4"
    >
      <label htmlFor={fieldId} className="sr-only">
        Your comment
      </label>
      <Textarea
        id={fieldId}
        {...boxField}
        ref={(element) => {
          registerBox(element);
          box.current = element;
        }}
        maxLength={COMMENT_TEXT_MAX}
        placeholder="Share your thoughts..."
        aria-describedby={counterId}
        rows={3}
      />
      <div className="flex items-center justify-between gap-3">
        <span id={counterId} className="text-xs text-muted-foreground tabular-nums">
          {text.length}/{COMMENT_TEXT_MAX} characters
        </span>
        <Button type="submit" size="sm" disabled={!form.formState.isValid} busy={post.isPending}>
          {post.isPending ? 'Posting...' : 'Post Comment'}
        </Button>
      </div>
    </form>
  );
}
