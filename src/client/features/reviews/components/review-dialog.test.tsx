import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aReview } from '#client/testing/data';
import { json, renderWithQueryClient } from '#client/testing/render';
import type { DraftConcert } from '../lib/drafts';
import { ReviewDialog } from './review-dialog';

const concert: DraftConcert = {
  id: '3f1d2a4e-8c6b-4f0a-9d2e-5b7c1a9e0f11',
  artist: 'Radiohead',
  venue: 'The Forum',
  city: 'Los Angeles',
  date: '2025-12-01',
};

/**
 * The browser's upload request, answering the files it was sent as POST /api/upload does:
 * each gets an id. XMLHttpRequest is the one way to report upload progress (lib/api.ts).
 */
const uploaded = (files: File[]) => ({
  status: 201,
  body: {
    paths: files.map((_, index) => `/uploads/ab/upload-${index}.webp`),
    files: files.map((file, index) => ({ id: UPLOAD_IDS[index], name: file.name })),
  },
});

class UploadRequest {
  static sent: { url: string; files: File[] }[] = [];
  static answer: (files: File[]) => { status: number; body: unknown } = uploaded;
  upload: { onprogress?: (event: ProgressEvent) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  status = 0;
  statusText = '';
  responseText = '';
  responseType = '';
  withCredentials = false;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  send(form: FormData) {
    const files = form.getAll('files') as File[];
    UploadRequest.sent.push({ url: this.url, files });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 } as ProgressEvent);
      this.upload.onload?.();
      const { status, body } = UploadRequest.answer(files);
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    }, 0);
  }
}

const UPLOAD_IDS = ['7d0c3a1e-1111-4aaa-8bbb-000000000001', '7d0c3a1e-1111-4aaa-8bbb-000000000002'];

/** Answers the setlist (none) and the review's POST, which it returns as posted. */
function serve() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      return json(aReview('posted', { ...body, concertId: concert.id }), 201);
    }
    return json({ setlist: null });
  });
}

function renderDialog() {
  const onClose = vi.fn();
  renderWithQueryClient(
    <ReviewDialog userId="viewer" request={{ mode: 'create', concert }} onClose={onClose} />,
  );
  return { onClose };
}

const text = () => screen.getByLabelText('Your review') as HTMLTextAreaElement;
const post = () => screen.getByRole('button', { name: 'Post Review' });

describe('ReviewDialog', () => {
  beforeEach(() => {
    UploadRequest.sent = [];
    UploadRequest.answer = uploaded;
    vi.stubGlobal('XMLHttpRequest', UploadRequest);
    // A picked file previews from its own bytes, which the test's DOM cannot show.
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => {};
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens on the chosen concert with five ratings and an empty text', () => {
    serve();
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Write a Concert Review' })).toBeTruthy();
    expect(screen.getByText(/Radiohead/)).toBeTruthy();
    for (const name of [
      'Overall rating',
      'Performance rating',
      'Sound quality rating',
      'Venue rating',
      'Value for money rating',
    ]) {
      expect(screen.getByRole('slider', { name })).toBeTruthy();
    }
    expect(text().value).toBe('');
    expect(screen.getByText('0/2000 characters')).toBeTruthy();
  });

  it('says how much to write and sends nothing while the text is too short', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    renderDialog();
    await user.type(text(), 'Loud.');
    expect(screen.queryByText('Write at least 10 characters.')).toBeNull();
    await user.click(post());
    expect(await screen.findByText('Write at least 10 characters.')).toBeTruthy();
    expect(text().getAttribute('aria-invalid')).toBe('true');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    // The message goes as soon as the text is long enough.
    await user.type(text(), ' Very loud.');
    expect(screen.queryByText('Write at least 10 characters.')).toBeNull();
  });

  it('posts the ratings and the trimmed text for the concert, then closes', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    screen.getByRole('slider', { name: 'Sound quality rating' }).focus();
    await user.keyboard('{ArrowLeft}');
    await user.type(text(), '  The best night of the year.  ');
    await user.click(post());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(url).toBe('/api/reviews');
    expect(JSON.parse(String(init!.body))).toEqual({
      concertId: concert.id,
      overallRating: 5,
      performanceRating: 5,
      soundRating: 4.5,
      venueRating: 5,
      valueRating: 5,
      reviewText: 'The best night of the year.',
      media: [],
      highlights: [],
    });
    expect(screen.getByText('Review created successfully!')).toBeTruthy();
  });

  it('uploads a picked photo first, then posts the review naming it by its upload id', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    const photo = new File(['not really a png'], 'stage.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('review-media-input'), photo);
    await user.type(screen.getByLabelText('Photo 1 description'), ' The band under red lights ');
    await user.type(text(), 'The best night of the year.');
    await user.click(post());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(UploadRequest.sent).toHaveLength(1);
    expect(UploadRequest.sent[0]!.url).toBe('/api/upload');
    expect(UploadRequest.sent[0]!.files.map((file) => file.name)).toEqual(['stage.png']);
    const [, init] = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(init!.body)).media).toEqual([
      { id: UPLOAD_IDS[0], altText: 'The band under red lights' },
    ]);
    expect(screen.getByText('Review created successfully!')).toBeTruthy();
  }, 15_000);

  it('shows the server’s refusal next to the file it names, and posts nothing', async () => {
    const fetch = serve();
    UploadRequest.answer = () => ({
      status: 400,
      body: { message: 'stage.png could not be read as an image' },
    });
    const user = userEvent.setup();
    renderDialog();
    await user.upload(
      screen.getByTestId('review-media-input'),
      new File(['x'], 'stage.png', { type: 'image/png' }),
    );
    await user.type(text(), 'The best night of the year.');
    await user.click(post());

    expect((await screen.findByRole('alert')).textContent).toBe(
      'stage.png could not be read as an image',
    );
    expect(screen.getByRole('button', { name: 'Post Review' })).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  }, 15_000);
});
