import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListState, type ListQuery } from './list-state';

const settled: ListQuery = { isPending: false, isError: false, refetch: () => undefined };

function List(props: { query: ListQuery; items: readonly string[] | undefined }) {
  return (
    <ListState
      query={props.query}
      items={props.items}
      loading={<p>Loading songs</p>}
      error={{ title: 'Failed to load songs' }}
      empty={<p>No songs yet</p>}
    >
      {(items) => (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </ListState>
  );
}

describe('ListState', () => {
  it('shows the skeleton while loading', () => {
    render(<List query={{ ...settled, isPending: true }} items={undefined} />);
    expect(screen.getByText('Loading songs')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the failure with a Retry that refetches', async () => {
    const refetch = vi.fn();
    render(<List query={{ ...settled, isError: true, refetch }} items={undefined} />);
    expect(screen.getByRole('heading', { name: 'Failed to load songs' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps Retry disabled while a refetch runs', () => {
    render(<List query={{ ...settled, isError: true, isRefetching: true }} items={undefined} />);
    expect((screen.getByRole('button', { name: 'Retry' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  // A query with nothing loaded is pending again while it refetches: Retry unmounts.
  it('hands focus to the list when a Retry loads it', async () => {
    const failed: ListQuery = { ...settled, isError: true };
    const { rerender } = render(<List query={failed} items={undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    rerender(<List query={{ ...settled, isPending: true }} items={undefined} />);
    rerender(<List query={settled} items={['Intro', 'Encore']} />);
    expect(document.activeElement).toBe(screen.getByRole('list'));
  });

  it('focuses the new Retry when the refetch fails again', async () => {
    const failed: ListQuery = { ...settled, isError: true };
    const { rerender } = render(<List query={failed} items={undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    rerender(<List query={{ ...settled, isPending: true }} items={undefined} />);
    expect(document.activeElement).toBe(document.body);
    rerender(<List query={failed} items={undefined} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Retry' }));
    // A load that comes later on its own leaves focus where it is.
    (document.activeElement as HTMLElement).blur();
    rerender(<List query={settled} items={['Intro']} />);
    expect(document.activeElement).toBe(document.body);
  });

  it('shows the empty state for an empty list', () => {
    render(<List query={settled} items={[]} />);
    expect(screen.getByText('No songs yet')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the items once there are some', () => {
    render(<List query={settled} items={['Intro', 'Encore']} />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Intro',
      'Encore',
    ]);
  });
});
