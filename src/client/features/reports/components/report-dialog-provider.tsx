import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { ReportDialogContext, type ReportTarget } from '#client/hooks/use-report-dialog';

// Loads with the first report; most visits never send one.
const ReportDialog = lazy(() =>
  import('./report-dialog').then((module) => ({ default: module.ReportDialog })),
);

/**
 * Offers the Report dialog to everything inside (useReportDialog): one dialog for the app,
 * opened with what it is about. Each opening starts afresh (no reason chosen, no text).
 */
export function ReportDialogProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<ReportTarget | null>(null);
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(0);
  const openReport = useCallback((next: ReportTarget) => {
    setTarget(next);
    setOpening((count) => count + 1);
    setOpen(true);
  }, []);
  return (
    <ReportDialogContext.Provider value={openReport}>
      {children}
      {target && (
        <Suspense fallback={null}>
          <ReportDialog key={opening} target={target} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </ReportDialogContext.Provider>
  );
}
