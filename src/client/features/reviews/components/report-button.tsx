import { Flag } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { useReportDialog } from '#client/hooks/use-report-dialog';

/**
 * "Report" on someone else's review or comment: opens the Report dialog about it. Nothing
 * where the app does not offer reports.
 */
export function ReportButton({
  kind,
  id,
  authorName,
  className,
  iconClassName,
}: {
  kind: 'review' | 'comment';
  id: string;
  authorName: string;
  className: string;
  iconClassName?: string;
}) {
  const report = useReportDialog();
  if (!report) return null;
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className={className}
      aria-label={`Report ${kind} by ${authorName}`}
      onClick={() => report({ kind, id, label: kind })}
    >
      <Flag className={iconClassName} aria-hidden="true" />
      Report
    </Button>
  );
}
