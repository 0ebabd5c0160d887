import type { CreateReportBody, Report } from '#shared/schemas/moderation';
import { api } from '#client/lib/api';
import { useApiMutation } from '#client/lib/api-mutation';
import { refreshes } from '#client/lib/refreshes';

/** POST /api/reports: a repeat of an open report answers that report. */
export function sendReport(body: CreateReportBody): Promise<Report> {
  return api.post<Report>('/reports', body);
}

/** Sends a report; "Report sent" once it is received. Failures are the dialog's to show. */
export function useSendReport() {
  return useApiMutation({
    send: sendReport,
    refreshes: (_body, report) => (report ? refreshes.reportSent() : []),
    succeeded: () => ({
      title: 'Report sent',
      description: 'Thank you. Someone will look at it; nobody is told who reported it.',
    }),
  });
}
