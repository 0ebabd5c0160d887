import { useMutation } from '@tanstack/react-query';
import type { CreateReportBody, Report } from '#shared/schemas/moderation';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest, readJson } from '../../../lib/api';

/** POST /api/reports: a repeat of an open report answers that report. */
export async function sendReport(body: CreateReportBody): Promise<Report> {
  return readJson<Report>(await apiRequest('POST', '/api/reports', body));
}

/** Sends a report; "Report sent" once it is received. Failures are the dialog's to show. */
export function useSendReport() {
  return useMutation({
    mutationFn: sendReport,
    onSuccess: () => {
      toast({
        title: 'Report sent',
        description: 'Thank you. Someone will look at it; nobody is told who reported it.',
      });
    },
  });
}
