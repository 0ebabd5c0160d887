import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useReportDialog } from '#client/hooks/use-report-dialog';
import { deferredFetch, json, renderWithQueryClient, shownToasts } from '#client/testing/render';
import { ReportDialogProvider } from './report-dialog-provider';

const REVIEW_ID = 'b5d3c0a4-1111-4222-8333-444455556666';

function Opener() {
  const report = useReportDialog();
  return (
    <button
      type="button"
      onClick={() => report?.({ kind: 'review', id: REVIEW_ID, label: 'review' })}
    >
      Report this review
    </button>
  );
}

function renderOpener() {
  return renderWithQueryClient(<Opener />, { providers: ReportDialogProvider });
}

const opener = () => screen.getByRole('button', { name: 'Report this review' });
// The dialog's code loads with its first opening.
const dialog = () => screen.findByRole('dialog', { name: 'Report review' }, { timeout: 10_000 });

describe('ReportDialog', () => {
  it('is used with the keyboard: a reason is required, the report is sent, "Report sent", focus returns', async () => {
    const { fetchMock, answer } = deferredFetch();
    const user = userEvent.setup();
    renderOpener();
    await user.tab();
    expect(document.activeElement).toBe(opener());
    await user.keyboard('{Enter}');
    const shown = within(await dialog());
    expect(
      shown.getByText('Tell us what is wrong. The person is not told who reported them.'),
    ).toBeTruthy();

    // Sent without a reason: said, and focus goes to the first reason.
    await user.click(shown.getByRole('button', { name: 'Send report' }));
    expect(shown.getByRole('alert').textContent).toBe('Choose a reason');
    expect(document.activeElement).toBe(shown.getByRole('radio', { name: /^Spam/ }));
    expect(fetchMock).not.toHaveBeenCalled();

    // Arrow keys move through the reasons, as in any radio group.
    await user.keyboard('{ArrowDown}');
    const harassment = shown.getByRole('radio', { name: /^Harassment/ }) as HTMLInputElement;
    expect(harassment.checked).toBe(true);
    expect(shown.queryByRole('alert')).toBeNull();
    await user.tab();
    expect(document.activeElement).toBe(shown.getByRole('textbox', { name: 'Details (optional)' }));
    await user.keyboard('  Keeps telling me to quit  ');
    expect(shown.getByText('28/1000')).toBeTruthy();
    await user.click(shown.getByRole('button', { name: 'Send report' }));

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/reports');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      targetKind: 'review',
      targetId: REVIEW_ID,
      reason: 'harassment',
      text: 'Keeps telling me to quit',
    });
    expect(shown.getByRole('button', { name: 'Sending...' }).getAttribute('aria-busy')).toBe(
      'true',
    );

    await answer(json({ id: REVIEW_ID, reason: 'harassment' }, 201));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(shownToasts()).toContain('Report sent');
    await vi.waitFor(() => expect(document.activeElement).toBe(opener()));
  }, 15_000);

  it('says why a report was refused and stays open; Escape then closes it, and it opens afresh', async () => {
    const { answer } = deferredFetch();
    const user = userEvent.setup();
    renderOpener();
    await user.click(opener());
    let shown = within(await dialog());
    await user.click(shown.getByRole('radio', { name: /^Spam/ }));
    await user.type(shown.getByRole('textbox', { name: 'Details (optional)' }), 'Ads');
    await user.click(shown.getByRole('button', { name: 'Send report' }));
    await answer(json({ message: 'Too many reports; try again in 42 minutes' }, 429));

    expect((await shown.findByRole('alert')).textContent).toBe(
      'Too many reports; try again in 42 minutes',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();

    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await vi.waitFor(() => expect(document.activeElement).toBe(opener()));

    await user.click(opener());
    shown = within(await dialog());
    expect(shown.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(
      false,
    );
    expect((shown.getByRole('textbox') as HTMLTextAreaElement).value).toBe('');
    expect(shown.queryByRole('alert')).toBeNull();
  });
});
