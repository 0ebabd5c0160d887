import { createContext, useContext } from 'react';
import type { ReportTargetKind } from '#shared/schemas/moderation';

/** What a Report dialog is about. */
export interface ReportTarget {
  kind: ReportTargetKind;
  id: string;
  /** What the title calls it: "review", "comment", or the person's name. */
  label: string;
}

/**
 * Opens the Report dialog, which the app renders once (features/reports), so that reviews,
 * comments and profiles can offer "Report" without knowing how reports are sent.
 */
export type OpenReportDialog = (target: ReportTarget) => void;

export const ReportDialogContext = createContext<OpenReportDialog | null>(null);

/** The opener of the Report dialog; null where the app does not offer reports (some tests). */
export function useReportDialog(): OpenReportDialog | null {
  return useContext(ReportDialogContext);
}
