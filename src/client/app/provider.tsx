import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { AppStatus } from '../components/layout/app-status';
import { ThemeProvider } from '../components/theme/theme-provider';
import { useToast } from '../components/ui/use-toast';
import { ReportDialogProvider } from '../features/reports/components/report-dialog-provider';
import { queryClient } from '../lib/query';
import { ErrorBoundary } from './error-boundary';

// The toast UI loads with the first toast; most visits never raise one.
const Toaster = lazy(() =>
  import('../components/ui/toaster').then((module) => ({ default: module.Toaster })),
);

function ToastHost() {
  const { toasts } = useToast();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <ReportDialogProvider>{children}</ReportDialogProvider>
          <ToastHost />
          <AppStatus />
        </ThemeProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
