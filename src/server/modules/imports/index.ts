/** Imports into one's diary. What other code may use: the jobs that run them. */
export { runCsvImport } from './csv-import.ts';
export { runSetlistfmImport, type ImportJobDeps } from './setlistfm-import.ts';
