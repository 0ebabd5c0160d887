import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UploadProgress } from './upload-progress';

describe('UploadProgress', () => {
  it('counts the bytes going out, then says the server is processing them', () => {
    const { rerender } = render(<UploadProgress percent={42.7} />);
    expect(screen.getByText('Uploading… 42%')).toBeTruthy();
    expect(screen.queryByText('Processing…')).toBeNull();

    rerender(<UploadProgress percent={100} />);
    expect(screen.getByText('Processing…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Uploading photos and videos' })).toBeTruthy();
  });
});
