import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import {
  DIARY_CSV_COLUMNS,
  DIARY_CSV_REQUIRED_COLUMNS,
  IMPORT_CSV_MAX_ROWS,
  SETLISTFM_USERNAME_MAX,
  setlistfmImportRequestSchema,
  type DiaryImport,
  type RefusedRow,
} from '#shared/schemas/imports';
import { Button } from '#client/components/ui/button';
import { Input } from '#client/components/ui/input';
import { Label } from '#client/components/ui/label';
import { Progress } from '#client/components/ui/progress';
import { serverMessage } from '#client/lib/api';
import { cn } from '#client/lib/utils';
import { useDiaryImport } from '../api/get-diary-import';
import { useDiaryImports } from '../api/get-diary-imports';
import { usePreviewCsvImport } from '../api/preview-csv-import';
import { useStartDiaryImport } from '../api/start-diary-import';
import {
  REFUSED_SHOWN_MAX,
  importSourceText,
  importStatusText,
  isUnderway,
  previewText,
  refusedRowText,
} from '../lib/imports';

/**
 * A live region is always there, so what it comes to say is heard; while it has nothing to
 * say it takes no room (and stays in the accessibility tree, which `hidden` would not).
 */
const quietWhenEmpty = (text: string | null) => (text ? undefined : 'sr-only');

const OPTIONAL_COLUMNS = DIARY_CSV_COLUMNS.filter(
  (column) => !(DIARY_CSV_REQUIRED_COLUMNS as readonly string[]).includes(column),
);

/**
 * Imports into one's own diary (docs/product.md §2 "Diary"): the shows of a setlist.fm user,
 * or a CSV file once its preview is seen. The import the page follows (one it started, or one
 * still under way after a reload) says how far it got and how it ended, in a live region shown
 * whether the forms are open or not; the forms are the panel `panelId`, shown while `open`.
 * `onOpen` opens it, for "Try again" to bring the form back.
 */
export function DiaryImports({
  panelId,
  open,
  onOpen,
}: {
  panelId: string;
  open: boolean;
  onOpen: () => void;
}) {
  const ids = useId();
  const usernameRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const imports = useDiaryImports();
  const [followedId, setFollowedId] = useState<string | null>(null);
  const followed = useDiaryImport(followedId);
  const shown = followed.data ?? imports.data?.find((listed) => listed.id === followedId);
  // An import under way that the page does not follow yet (after a reload, or started on
  // another page) is followed from now on, unless the one followed is still under way.
  const underway = imports.data?.find(isUnderway);
  if (underway && underway.id !== followedId && !(shown && isUnderway(shown))) {
    setFollowedId(underway.id);
  }
  const follow = (started: DiaryImport) => setFollowedId(started.id);

  const [username, setUsername] = useState('');
  const [usernameProblem, setUsernameProblem] = useState<string | null>(null);
  const fromSetlistfm = useStartDiaryImport();
  const importFromSetlistfm = (name: string) => {
    const parsed = setlistfmImportRequestSchema.safeParse({ source: 'setlistfm', username: name });
    if (!parsed.success) {
      setUsernameProblem(parsed.error.issues[0]?.message ?? 'username is required');
      fromSetlistfm.reset();
      return;
    }
    setUsernameProblem(null);
    fromSetlistfm.mutate(parsed.data, { onSuccess: follow });
  };
  const setlistfmFailure =
    usernameProblem ??
    (fromSetlistfm.isError
      ? (serverMessage(fromSetlistfm.error) ?? 'Failed to start the import')
      : null);

  const [file, setFile] = useState<File | null>(null);
  /** The last CSV import started here and its file, which "Try again" sends once more. */
  const [lastFile, setLastFile] = useState<{ importId: string; file: File } | null>(null);
  const preview = usePreviewCsvImport();
  const fromFile = useStartDiaryImport();
  const clearFile = () => {
    setFile(null);
    preview.reset();
    if (fileRef.current) fileRef.current.value = '';
  };
  const chooseFile = (chosen: File | null) => {
    fromFile.reset();
    if (!chosen) return clearFile();
    setFile(chosen);
    preview.mutate(chosen);
  };
  const importFile = (sent: File) => {
    fromFile.mutate(
      { source: 'csv', file: sent },
      {
        onSuccess: (started) => {
          follow(started);
          setLastFile({ importId: started.id, file: sent });
          clearFile();
          // The preview and its Import button are gone: focus stays in the form.
          fileRef.current?.focus();
        },
      },
    );
  };

  const tryAgain = (failed: DiaryImport) => {
    // The form comes into view first, so focus can go to it.
    flushSync(onOpen);
    if (failed.source === 'setlistfm') {
      setUsername(failed.label);
      importFromSetlistfm(failed.label);
      usernameRef.current?.focus();
    } else {
      if (lastFile?.importId === failed.id) importFile(lastFile.file);
      fileRef.current?.focus();
    }
  };

  return (
    <>
      <ImportStatus
        shown={shown}
        canSendAgain={shown?.source === 'setlistfm' || lastFile?.importId === shown?.id}
        onTryAgain={tryAgain}
      />
      <div id={panelId} hidden={!open} className="grid gap-4 md:grid-cols-2">
        <section
          aria-labelledby={`${ids}-setlistfm`}
          className="flex min-w-0 flex-col gap-3 rounded-xl border p-4"
        >
          <h2 id={`${ids}-setlistfm`} className="text-lg font-semibold">
            Import from setlist.fm
          </h2>
          <p className="text-sm text-muted-foreground">
            The shows you marked as attended on setlist.fm join your diary.
          </p>
          <form
            noValidate
            className="flex flex-col gap-2"
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              importFromSetlistfm(username);
            }}
          >
            <Label htmlFor={`${ids}-username`}>setlist.fm username</Label>
            <div className="flex flex-wrap gap-2">
              <Input
                id={`${ids}-username`}
                ref={usernameRef}
                value={username}
                onChange={(event) => setUsername(event.target.value)}
                maxLength={SETLISTFM_USERNAME_MAX}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                aria-invalid={setlistfmFailure ? true : undefined}
                aria-describedby={`${ids}-setlistfm-failure`}
                className="flex-1 basis-40"
              />
              <Button type="submit" busy={fromSetlistfm.isPending}>
                Import
              </Button>
            </div>
            <p
              id={`${ids}-setlistfm-failure`}
              role="alert"
              className={cn('text-sm text-destructive', quietWhenEmpty(setlistfmFailure))}
            >
              {setlistfmFailure}
            </p>
          </form>
        </section>
        <CsvImportForm
          headingId={`${ids}-file`}
          inputId={`${ids}-file-input`}
          fileRef={fileRef}
          file={file}
          preview={preview}
          fromFile={fromFile}
          onChoose={chooseFile}
          onImport={importFile}
          onCancel={() => {
            fromFile.reset();
            clearFile();
            fileRef.current?.focus();
          }}
        />
      </div>
    </>
  );
}

/**
 * The import followed: where it reads from, how far it got or how it ended (a status region,
 * always there so each change is heard), and once failed its message and "Try again", which
 * sends a setlist.fm username, or the file still held, once more, or else asks for the file.
 */
function ImportStatus({
  shown,
  canSendAgain,
  onTryAgain,
}: {
  shown: DiaryImport | undefined;
  canSendAgain: boolean;
  onTryAgain: (failed: DiaryImport) => void;
}) {
  const text = shown ? importStatusText(shown) : '';
  return (
    <div className={shown ? 'flex flex-col gap-2 rounded-xl border bg-card p-4' : 'sr-only'}>
      {shown && (
        <p className="text-sm text-muted-foreground break-words">From {importSourceText(shown)}</p>
      )}
      <p role="status" className={cn('font-medium', quietWhenEmpty(text))}>
        {text}
      </p>
      {shown?.status === 'running' && shown.total !== null && shown.total > 0 && (
        <Progress value={(shown.processed / shown.total) * 100} label="Import progress" />
      )}
      {shown?.status === 'failed' && (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert" className="min-w-0 flex-1 text-sm text-destructive">
            {shown.message ?? 'The import stopped before the end.'}
          </p>
          <Button type="button" variant="outline" size="sm" onClick={() => onTryAgain(shown)}>
            {canSendAgain ? 'Try again' : 'Choose the file again'}
          </Button>
        </div>
      )}
      {shown && !isUnderway(shown) && shown.refused.length > 0 && (
        <RefusedRows
          rows={shown.refused}
          source={shown.source}
          title={shown.source === 'csv' ? 'Rows not imported' : 'Shows not imported'}
        />
      )}
    </div>
  );
}

/**
 * "Import from a file": choosing a CSV asks for its preview (the counts, and each refused
 * row's line and reason), which "Import" then runs as a job, or "Cancel" puts away.
 */
function CsvImportForm({
  headingId,
  inputId,
  fileRef,
  file,
  preview,
  fromFile,
  onChoose,
  onImport,
  onCancel,
}: {
  headingId: string;
  inputId: string;
  fileRef: RefObject<HTMLInputElement | null>;
  file: File | null;
  preview: ReturnType<typeof usePreviewCsvImport>;
  fromFile: ReturnType<typeof useStartDiaryImport>;
  onChoose: (file: File | null) => void;
  onImport: (file: File) => void;
  onCancel: () => void;
}) {
  const hintId = `${inputId}-hint`;
  const failureId = `${inputId}-failure`;
  // A preview is of the file chosen last, not of one chosen before it.
  const previewed = file && preview.variables === file ? preview.data : undefined;
  const failure = fromFile.isError
    ? (serverMessage(fromFile.error) ?? 'Failed to start the import')
    : file && preview.isError && preview.variables === file
      ? (serverMessage(preview.error) ?? 'Failed to read the file')
      : null;
  const reading = file !== null && preview.isPending && preview.variables === file;
  const said = reading ? `Reading ${file.name}…` : previewed ? previewText(previewed) : '';
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-xl border p-4"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        Import from a file
      </h2>
      <p id={hintId} className="text-sm text-muted-foreground">
        A CSV file with the header {DIARY_CSV_REQUIRED_COLUMNS.join(',')} (then, if you like,{' '}
        {OPTIONAL_COLUMNS.join(', ')}), as Export CSV writes it; up to{' '}
        {IMPORT_CSV_MAX_ROWS.toLocaleString('en-US')} rows.
      </p>
      <div className="flex flex-col gap-2">
        <Label htmlFor={inputId}>CSV file</Label>
        <Input
          id={inputId}
          ref={fileRef}
          type="file"
          accept=".csv,text/csv"
          aria-invalid={failure ? true : undefined}
          aria-describedby={`${hintId} ${failureId}`}
          onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
          className="h-auto py-1.5"
        />
        <p
          id={failureId}
          role="alert"
          className={cn('text-sm text-destructive', quietWhenEmpty(failure))}
        >
          {failure}
        </p>
      </div>
      <p role="status" className={cn('text-sm', quietWhenEmpty(said))}>
        {said}
      </p>
      {previewed && file && (
        <>
          {previewed.refused.length > 0 && (
            <RefusedRows rows={previewed.refused} source="csv" title="Refused rows" />
          )}
          {previewed.newConcerts + previewed.matchedConcerts === 0 && (
            <p className="text-sm text-muted-foreground">No row of this file can be imported.</p>
          )}
          <div className="flex flex-wrap gap-2">
            {previewed.newConcerts + previewed.matchedConcerts > 0 && (
              <Button type="button" busy={fromFile.isPending} onClick={() => onImport(file)}>
                Import
              </Button>
            )}
            <Button
              type="button"
              variant="outline"
              disabled={fromFile.isPending}
              onClick={onCancel}
            >
              Cancel
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

/** Refused rows, "Line 7: …" each, the first REFUSED_SHOWN_MAX of them and how many more. */
function RefusedRows({
  rows,
  source,
  title,
}: {
  rows: readonly RefusedRow[];
  source: DiaryImport['source'];
  title: string;
}) {
  const headingId = useId();
  const more = rows.length - REFUSED_SHOWN_MAX;
  return (
    <div className="flex flex-col gap-1">
      <h3 id={headingId} className="text-sm font-medium">
        {title}
      </h3>
      <ul aria-labelledby={headingId} className="flex flex-col gap-0.5 text-sm break-words">
        {rows.slice(0, REFUSED_SHOWN_MAX).map((row, index) => (
          <li key={`${row.line}-${index}`}>{refusedRowText(row, source)}</li>
        ))}
      </ul>
      {more > 0 && <p className="text-sm text-muted-foreground">and {more} more</p>}
    </div>
  );
}
