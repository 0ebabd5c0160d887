import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { REPORT_REASONS, REPORT_TEXT_MAX } from '#shared/limits';
import {
  createReportBodySchema,
  type ReportReason,
  type ReportTargetKind,
} from '#shared/schemas/moderation';
import { Button } from '#client/components/ui/button';
import { DialogHeading } from '#client/components/layout/dialog-heading';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '#client/components/ui/dialog';
import { Label } from '#client/components/ui/label';
import { Textarea } from '#client/components/ui/textarea';
import type { ReportTarget } from '#client/hooks/use-report-dialog';
import { serverMessage } from '#client/lib/api';
import { useSendReport } from '../api/send-report';

const REASON_LABELS: Record<ReportReason, { name: string; hint: string }> = {
  spam: { name: 'Spam', hint: 'Advertising, scams, or the same thing over and over' },
  harassment: { name: 'Harassment', hint: 'Insults, threats, or hate aimed at someone' },
  other: { name: 'Other', hint: 'Something else that does not belong here' },
};

/** The report's reason and words, by the API's rules; a reason must be chosen first. */
const reportFormSchema = z.object({
  reason: createReportBodySchema.shape.reason
    .nullable()
    .refine((reason) => reason !== null, 'Choose a reason'),
  text: createReportBodySchema.shape.text.unwrap(),
});
type ReportFormValues = z.input<typeof reportFormSchema>;
type ReportFormOutput = z.output<typeof reportFormSchema>;

const TITLES: Record<ReportTargetKind, (label: string) => string> = {
  review: () => 'Report review',
  comment: () => 'Report comment',
  user: (label) => `Report ${label}`,
};

/**
 * Report a review, a comment or a profile: a reason (spam, harassment, other) and, if the
 * person likes, a few words, sent with "Send report". It closes once the report is received
 * ("Report sent") and focus goes back to what opened it; a refusal (too many reports, say)
 * is said in the dialog, which stays open. Its parent gives each opening a fresh one.
 */
export function ReportDialog({
  target,
  open,
  onOpenChange,
}: {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const send = useSendReport();
  const form = useForm<ReportFormValues, unknown, ReportFormOutput>({
    resolver: zodResolver(reportFormSchema, undefined, { mode: 'sync' }),
    defaultValues: { reason: null, text: '' },
    // Focus goes to the first reason, which the form's own focusing would not pick.
    shouldFocusError: false,
  });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const text = useWatch({ control: form.control, name: 'text' });
  const missingReason = form.formState.errors.reason !== undefined;
  const ids = useId();
  const reasonError = `${ids}-reason-error`;
  const textId = `${ids}-text`;
  const textCount = `${ids}-text-count`;

  // Not put away while the report is on its way.
  const changeOpen = (next: boolean) => {
    if (!send.isPending) onOpenChange(next);
  };
  const submit = form.handleSubmit(
    ({ reason, text: words }) => {
      send.mutate(
        {
          targetKind: target.kind,
          targetId: target.id,
          reason: reason!,
          ...(words ? { text: words } : {}),
        },
        { onSuccess: () => changeOpen(false) },
      );
    },
    (errors) => {
      if (errors.reason) document.getElementById(`${ids}-reason-${REPORT_REASONS[0]}`)?.focus();
    },
  );
  // The words break a rule the textarea cannot hold back (characters not allowed), or the
  // server refused the report.
  const failure =
    form.formState.errors.text?.message ??
    (send.isError
      ? (serverMessage(send.error) ?? 'The report could not be sent. Please try again.')
      : null);

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
          <DialogHeading
            title={TITLES[target.kind](target.label)}
            description="Tell us what is wrong. The person is not told who reported them."
          />
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={missingReason ? reasonError : undefined}
          >
            <legend className="mb-2 text-sm font-medium">Reason</legend>
            {REPORT_REASONS.map((value) => (
              <label
                key={value}
                htmlFor={`${ids}-reason-${value}`}
                className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
              >
                <input
                  id={`${ids}-reason-${value}`}
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  aria-invalid={missingReason || undefined}
                  onChange={() =>
                    form.setValue('reason', value as ReportReason, {
                      shouldValidate: form.formState.isSubmitted,
                    })
                  }
                  className="mt-0.5 size-4 accent-primary focus-ring"
                />
                <span className="flex flex-col gap-0.5">
                  <span className="text-sm font-medium">{REASON_LABELS[value].name}</span>
                  <span className="text-xs text-muted-foreground">{REASON_LABELS[value].hint}</span>
                </span>
              </label>
            ))}
            {missingReason && (
              <p id={reasonError} role="alert" className="text-sm text-destructive">
                {form.formState.errors.reason?.message}
              </p>
            )}
          </fieldset>
          <div className="flex flex-col gap-2">
            <Label htmlFor={textId}>Details (optional)</Label>
            <Textarea
              id={textId}
              {...form.register('text')}
              maxLength={REPORT_TEXT_MAX}
              aria-describedby={textCount}
              placeholder="What should we know?"
            />
            <p id={textCount} className="text-right text-xs text-muted-foreground tabular-nums">
              {`${text.length}/${REPORT_TEXT_MAX}`}
            </p>
          </div>
          {failure && (
            <p role="alert" className="text-sm text-destructive">
              {failure}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={send.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" busy={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send report'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
