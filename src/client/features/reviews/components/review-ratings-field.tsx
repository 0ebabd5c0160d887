import { useController, type Control } from 'react-hook-form';
import type { Ratings } from '#shared/schemas/reviews';
import { StarRatingInput } from '#client/components/ui/star-rating-input';
import { RATING_FIELDS, type ReviewFormValues } from '../lib/review-form';

/** The five half-star ratings of the review dialog, overall first. */
export function ReviewRatingsField({
  control,
  disabled,
}: {
  control: Control<ReviewFormValues>;
  disabled: boolean;
}) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">Ratings</legend>
      {RATING_FIELDS.map(([name, label]) => (
        <RatingField key={name} control={control} name={name} label={label} disabled={disabled} />
      ))}
    </fieldset>
  );
}

function RatingField({
  control,
  name,
  label,
  disabled,
}: {
  control: Control<ReviewFormValues>;
  name: keyof Ratings;
  label: string;
  disabled: boolean;
}) {
  const { field } = useController({ control, name });
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm text-muted-foreground" aria-hidden="true">
        {label.replace(' rating', '')}
      </span>
      <StarRatingInput
        label={label}
        value={field.value}
        onChange={field.onChange}
        disabled={disabled}
      />
    </div>
  );
}
