import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReportBody, Report } from '#shared/schemas/moderation';
import { toast } from '#client/components/ui/use-toast';
import { api } from '#client/lib/api';
import { refresh, refreshes } from '#client/lib/refreshes';

/** POST /api/reports: a repeat of an open report answers that report. */
export function sendReport(body: CreateReportBody): Promise<Report> {
  return api.post<Report>('/reports', body);
}

/** Sends a report; "Report sent" once it is received. Failures are the dialog's to show. */
export function useSendReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReport,
    onSuccess: () => {
      toast({
        title: 'Report sent',
        description: 'Thank you. Someone will look at it; nobody is told who reported it.',
      });
      void refresh(queryClient, refreshes.reportSent());
    },
  });
}
