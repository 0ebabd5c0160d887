import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '#client/components/ui/toaster';
import { toast } from '#client/components/ui/use-toast';
import { aPhoto } from '#client/testing/data';
import { MediaLightbox } from './media-lightbox';

const MEDIA = [
  aPhoto(1, { altText: 'The stage in blue light' }),
  aPhoto(2),
  aPhoto(3, { altText: 'The crowd' }),
];

function Harness({ start = 0 }: { start?: number }) {
  const [index, setIndex] = useState<number | null>(start);
  return (
    <>
      <p>{index === null ? 'closed' : `showing ${index}`}</p>
      <MediaLightbox
        media={MEDIA}
        index={index}
        onIndexChange={setIndex}
        onClose={() => setIndex(null)}
        title="Photos and videos by Ana"
      />
    </>
  );
}

describe('MediaLightbox', () => {
  it('shows the photo with its alt text and moves with the arrow keys, wrapping around', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('dialog', { name: /Photos and videos by Ana/ })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'The stage in blue light' })).toBeTruthy();
    expect(screen.getByText('The stage in blue light', { selector: 'figcaption' })).toBeTruthy();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('showing 1')).toBeTruthy();
    // A photo without alt text still has a text alternative.
    expect(screen.getByRole('img', { name: 'Photo from the concert' })).toBeTruthy();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByText('showing 0')).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('showing 2')).toBeTruthy();
    expect(screen.getByText('3 of 3')).toBeTruthy();
  });

  it('moves with its buttons and closes with Escape', async () => {
    const user = userEvent.setup();
    render(<Harness start={1} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('showing 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('showing 1')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.getByText('closed')).toBeTruthy();
  });

  it('closes with Escape even when a toast appeared above it', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Toaster />
        <Harness />
      </>,
    );
    // A toast is a dismissable layer too; shown after the lightbox opened, it is the top one.
    act(() => void toast({ title: 'Review created successfully!' }));
    expect(screen.getByText('Review created successfully!')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.getByText('closed')).toBeTruthy();
  });
});
