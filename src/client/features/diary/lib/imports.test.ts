import { describe, expect, it } from 'vitest';
import type { DiaryImport } from '#shared/schemas/imports';
import { importStatusText, isUnderway, previewText, refusedRowText } from './imports';

function anImport(overrides: Partial<DiaryImport>): DiaryImport {
  return {
    id: 'i1',
    source: 'setlistfm',
    label: 'robin',
    status: 'queued',
    total: null,
    processed: 0,
    alreadyInDiary: 0,
    refused: [],
    message: null,
    createdAt: '2026-11-28T15:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

describe('what an import says', () => {
  it.each([
    [{ status: 'queued' }, 'Starting the import…'],
    [{ status: 'running', total: null }, 'Starting the import…'],
    [{ status: 'running', total: 340, processed: 120 }, 'Imported 120 of 340 shows'],
    [
      { status: 'done', total: 340, processed: 340, alreadyInDiary: 12 },
      '340 shows imported, 12 already in your diary',
    ],
    [
      { status: 'done', total: 1, processed: 1, alreadyInDiary: 0 },
      '1 show imported, 0 already in your diary',
    ],
    [{ status: 'failed', message: 'setlist.fm did not answer' }, ''],
  ] as const)('%j: "%s"', (overrides, text) => {
    expect(importStatusText(anImport(overrides))).toBe(text);
  });

  it('is under way while queued or running only', () => {
    expect(
      (['queued', 'running', 'done', 'failed'] as const).map((status) => isUnderway({ status })),
    ).toEqual([true, true, false, false]);
  });

  it('counts a preview, one of each in the singular', () => {
    expect(previewText({ rows: 332, newConcerts: 12, matchedConcerts: 320, refused: [] })).toBe(
      '332 rows to import: 12 new concerts, 320 matched to existing concerts; 0 refused',
    );
    expect(
      previewText({
        rows: 1,
        newConcerts: 1,
        matchedConcerts: 0,
        refused: [{ line: 3, reason: 'artist is required' }],
      }),
    ).toBe('1 row to import: 1 new concert, 0 matched to existing concerts; 1 refused');
  });

  it('gives a refused CSV row its line; a setlist.fm show has none', () => {
    const row = { line: 7, reason: 'date is not a date' };
    expect(refusedRowText(row)).toBe('Line 7: date is not a date');
    expect(refusedRowText(row, 'setlistfm')).toBe('date is not a date');
  });
});
