import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LoadMore, type PagedQuery } from './load-more';

function Songs({ songs, query }: { songs: readonly string[]; query: PagedQuery }) {
  return (
    <div>
      <ul>
        {songs.map((song) => (
          <li key={song}>
            <a href={`/songs/${song}`}>{song}</a>
          </li>
        ))}
      </ul>
      <LoadMore query={query} label="Load more songs" auto={false} />
    </div>
  );
}

const idle = { isFetchingNextPage: false, fetchNextPage: () => undefined };

describe('LoadMore', () => {
  it('moves focus to the first new item once the page loads, even when it was the last', async () => {
    const { rerender } = render(<Songs songs={['Intro']} query={{ ...idle, hasNextPage: true }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Load more songs' }));
    rerender(
      <Songs songs={['Intro']} query={{ ...idle, hasNextPage: true, isFetchingNextPage: true }} />,
    );
    rerender(<Songs songs={['Intro', 'Encore']} query={{ ...idle, hasNextPage: false }} />);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Encore' }));
  });

  it('leaves focus on the button when the page fails', async () => {
    const { rerender } = render(<Songs songs={['Intro']} query={{ ...idle, hasNextPage: true }} />);
    const button = screen.getByRole('button', { name: 'Load more songs' });
    await userEvent.click(button);
    rerender(
      <Songs songs={['Intro']} query={{ ...idle, hasNextPage: true, isFetchingNextPage: true }} />,
    );
    rerender(
      <Songs
        songs={['Intro']}
        query={{ ...idle, hasNextPage: true, isFetchNextPageError: true }}
      />,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Load more songs' }));
  });
});
