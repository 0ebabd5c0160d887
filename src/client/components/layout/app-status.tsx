import { RefreshCw, WifiOff } from 'lucide-react';
import { Button } from '#client/components/ui/button';
import { useNow } from '#client/hooks/use-now';
import { formatRelativeTime } from '#client/lib/format';
import { useOffline } from '#client/lib/offline';
import { useServiceWorkerUpdate } from '#client/lib/service-worker';

/**
 * What the app says of itself, at the bottom of every page, above the phone's tab bar:
 * "You're offline" (with when what is shown was saved, if it came from the offline copy),
 * and "A new version of Encore is ready" with Reload. Each is a status, read out once.
 */
export function AppStatus() {
  const { offline, savedAt } = useOffline();
  const update = useServiceWorkerUpdate();
  const now = useNow();
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-[var(--tab-bar-clearance)] z-50 flex flex-col items-center gap-2 px-4 md:bottom-4">
      <div role="status">
        {offline && (
          <p className="pointer-events-auto flex items-center gap-2 rounded-full border bg-background px-4 py-2 text-sm font-medium shadow-lg">
            <WifiOff className="size-4 shrink-0" aria-hidden="true" />
            {savedAt
              ? `You're offline — showing what was saved ${formatRelativeTime(savedAt.toISOString(), now)}`
              : "You're offline"}
          </p>
        )}
      </div>
      <div role="status">
        {update.ready && (
          <div className="pointer-events-auto flex items-center gap-3 rounded-xl border bg-background py-2 pr-2 pl-4 text-sm font-medium shadow-lg">
            <RefreshCw className="size-4 shrink-0" aria-hidden="true" />
            <span>A new version of Encore is ready</span>
            <Button size="sm" onClick={update.reload}>
              Reload
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
