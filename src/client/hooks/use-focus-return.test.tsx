import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '../components/ui/alert-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../components/ui/dialog';

/** A dialog opened from state, as ours are: Radix has no Trigger to return focus to. */
function WriteButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Write
      </button>
      {open && (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent>
            <DialogTitle>Write</DialogTitle>
            <DialogDescription>Say something.</DialogDescription>
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}

/** A card whose Remove asks first; the question lives in the card, and goes with it. */
function Card({ name, onRemove }: { name: string; onRemove: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <article aria-label={name}>
      <button type="button" onClick={() => setAsking(true)}>
        Remove {name}
      </button>
      <AlertDialog open={asking} onOpenChange={setAsking}>
        <AlertDialogContent>
          <AlertDialogTitle>Remove {name}?</AlertDialogTitle>
          <AlertDialogDescription>It cannot be undone.</AlertDialogDescription>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <button type="button" onClick={onRemove}>
            Yes, remove
          </button>
        </AlertDialogContent>
      </AlertDialog>
    </article>
  );
}

function Page() {
  const [names, setNames] = useState(['Ada', 'Bo', 'Cy']);
  return (
    <main>
      <h1>People</h1>
      <WriteButton />
      <ul>
        {names.map((name) => (
          <li key={name}>
            <Card name={name} onRemove={() => setNames((all) => all.filter((n) => n !== name))} />
          </li>
        ))}
      </ul>
    </main>
  );
}

describe('useFocusReturn, in the shared dialogs', () => {
  it('returns focus to the button that opened a dialog without a Trigger', async () => {
    render(<Page />);
    const write = screen.getByRole('button', { name: 'Write' });
    await userEvent.click(write);
    expect(screen.getByRole('dialog', { name: 'Write' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(write));
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(write);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.activeElement).toBe(write));
  });

  it('returns to the opener after Cancel, and to the next item once its own is removed', async () => {
    render(<Page />);
    const removeBo = screen.getByRole('button', { name: 'Remove Bo' });
    await userEvent.click(removeBo);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(removeBo));

    await userEvent.click(removeBo);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Cy' })),
    );
    expect(screen.queryByRole('article', { name: 'Bo' })).toBeNull();

    // The last one has no next item: the list's heading (here the page's) takes focus.
    await userEvent.click(screen.getByRole('button', { name: 'Remove Cy' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'People' })),
    );
  });
});
