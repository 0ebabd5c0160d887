import { useId } from 'react';
import { useController, type Control } from 'react-hook-form';
import { REVIEW_TEXT_MAX } from '#shared/limits';
import { Textarea } from '#client/components/ui/textarea';
import type { ReviewFormValues } from '../lib/review-form';

/**
 * The review's text with its counter. Its rule's message shows once Post was tried, then
 * follows the text as it changes.
 */
export function ReviewTextField({
  control,
  disabled,
}: {
  control: Control<ReviewFormValues>;
  disabled: boolean;
}) {
  const { field, fieldState } = useController({ control, name: 'reviewText' });
  const textId = useId();
  const counterId = useId();
  const errorId = useId();
  const error = fieldState.error?.message ?? null;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={textId} className="text-sm font-medium">
        Your review
      </label>
      <Textarea
        id={textId}
        {...field}
        maxLength={REVIEW_TEXT_MAX}
        rows={5}
        placeholder="How was the show? The setlist, the crowd, the sound..."
        aria-describedby={`${counterId}${error ? ` ${errorId}` : ''}`}
        aria-invalid={error ? true : undefined}
        disabled={disabled}
      />
      <div className="flex justify-between gap-3 text-xs">
        <span id={errorId} className="text-destructive">
          {error}
        </span>
        <span id={counterId} className="text-muted-foreground tabular-nums">
          {field.value.length}/{REVIEW_TEXT_MAX} characters
        </span>
      </div>
    </div>
  );
}
