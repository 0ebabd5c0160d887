import { Progress } from '#client/components/ui/progress';

/**
 * How far the review's files have gone: a percentage while bytes go out, then
 * "Processing…" once every byte is sent, while the server checks and stores the files.
 */
export function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className="flex flex-col gap-1">
      <Progress value={percent} label="Uploading photos and videos" />
      <p className="text-xs text-muted-foreground tabular-nums">
        {percent < 100 ? `Uploading… ${Math.floor(percent)}%` : 'Processing…'}
      </p>
    </div>
  );
}
